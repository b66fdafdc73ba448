import { LegalPage, type LegalSection } from './legal-page.tsx';

const sections: LegalSection[] = [
  {
    title: 'Who is responsible',
    points: [
      'Balas Technologies Sdn. Bhd. (Malaysia) processes personal data under the Personal Data Protection Act 2010 (PDPA).',
      'For your own account data we are the data user. For your shoppers’ chat data we process it on your behalf, as your service provider.',
    ],
  },
  {
    title: 'What we collect',
    points: [
      'Account data: your name, e-mail address, phone number and a hashed password (we never store your password itself).',
      'Shop data: shop names, contact details, marketplace authorisation tokens (encrypted), products and vouchers.',
      'Chat data: shoppers’ names or usernames, their messages, and the replies sent by you or the chatbot.',
      'Files and training you upload, and technical logs (IP address, browser, request times) used to keep the service secure.',
    ],
  },
  {
    title: 'Why we use it',
    points: [
      'To provide the service: connect your shops, answer shoppers, show you conversations and let you train the chatbot.',
      'To keep accounts secure, prevent abuse and fix problems.',
      'To send you service e-mails such as password resets. We do not sell personal data or use shoppers’ chats for advertising.',
    ],
  },
  {
    title: 'Who we share it with',
    points: [
      'The marketplaces you connect (Shopee, Lazada), to send and receive chat messages through their APIs.',
      'Hosting, e-mail and, if you enable it, AI model providers that process data for us under written agreements.',
      'Authorities, where Malaysian law requires it.',
    ],
  },
  {
    title: 'How long we keep it',
    points: [
      'Account data: while your account is open, and up to 12 months after it closes for legal and accounting records.',
      'Chat data, files and training of a shop: until you remove the shop or close your account.',
      'Security logs: up to 90 days.',
    ],
  },
  {
    title: 'How we protect it',
    points: [
      'Data is sent over encrypted connections. Passwords are hashed with Argon2id and marketplace tokens are encrypted at rest.',
      'Each merchant can only see their own shops and conversations; access by our staff is limited to what support needs.',
    ],
  },
  {
    title: 'Transfers outside Malaysia',
    points: [
      'Some of our service providers may store or process data outside Malaysia. We only use providers that protect it to a standard at least as strict as the PDPA, under written agreements.',
    ],
  },
  {
    title: 'Cookies and local storage',
    points: [
      'The dashboard keeps your sign-in token and the shop you last worked on in your browser’s local storage. We do not use advertising or tracking cookies.',
      'The website chat widget keeps a random conversation id in the visitor’s browser so the conversation continues across pages.',
    ],
  },
  {
    title: 'Your rights',
    points: [
      'You may ask to see, correct or delete your personal data, and withdraw consent to processing where consent is the basis.',
      'Shoppers who want to exercise their rights should contact the shop they chatted with; we help our merchants answer them.',
      'We answer requests within 21 days, as the PDPA requires.',
    ],
  },
  {
    title: 'Contact',
    points: [
      'Write to our data protection officer at privacy@balas.my.',
      'If you are not satisfied, you may complain to the Personal Data Protection Commissioner of Malaysia.',
    ],
  },
  {
    title: 'Changes to this policy',
    points: [
      'We will post any change on this page and, for important changes, tell you by email or in the dashboard before it takes effect.',
    ],
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="1 November 2026"
      intro="This policy explains, in plain words, what personal data Balas handles, why, and what you can do about it."
      sections={sections}
    />
  );
}
