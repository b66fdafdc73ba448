/** The legal documents (spec §1: the provider is a company in Malaysia, Malaysian law governs). */

export interface LegalDocument {
  title: string;
  updated: string;
  intro: string;
  sections: { title: string; points: string[] }[];
}

export const terms: LegalDocument = {
  title: 'Terms & Conditions',
  updated: '1 November 2026',
  intro: 'Please read these terms before using Balas. By creating an account you agree to them.',
  sections: [
    {
      title: 'Who we are',
      points: [
        'Balas is provided by Balas Technologies Sdn. Bhd., a company incorporated in Malaysia ("we", "us").',
        'These terms apply to everyone who creates an account or uses the Balas dashboard, chatbot or website widget ("you").',
      ],
    },
    {
      title: 'Your account',
      points: [
        'You must give true contact details and keep your password secret. You are responsible for what happens under your account.',
        'Tell us at once at support@balas.my if you think someone else has used your account.',
        'You must be at least 18 years old and allowed to run the shops you connect.',
      ],
    },
    {
      title: 'Connecting your shops',
      points: [
        'When you connect a Shopee or Lazada shop you authorise us to read and answer its chats, and to read its products and vouchers, through the platform’s official APIs.',
        'You can disconnect a shop or switch the chatbot off at any time. Removing a shop deletes its conversations, training and files from Balas.',
        'You remain bound by the rules of each marketplace. We are not responsible for the marketplaces’ decisions or outages.',
      ],
    },
    {
      title: 'The chatbot’s answers',
      points: [
        'The chatbot answers from the information you give it. Check your topics, files and product information and keep them correct.',
        'The chatbot can make mistakes. You stay responsible for the offers, prices and promises made to your customers.',
        'We hand a conversation to you when the chatbot is unsure or the shopper asks for a person; you should answer those conversations.',
      ],
    },
    {
      title: 'Your content',
      points: [
        'You keep ownership of the documents, product information and messages you put into Balas ("your content").',
        'You grant us a worldwide, non-exclusive, royalty-free licence to host, copy, process and display your content as needed to provide and improve the service.',
        'You must have the right to upload your content, and it must not break any law or anyone else’s rights.',
      ],
    },
    {
      title: 'Fees and payment',
      points: [
        'Paid plans are billed monthly in advance in Malaysian Ringgit, as shown on our pricing page. Prices exclude taxes such as SST where they apply.',
        'You can cancel at any time; the plan stays active until the end of the month already paid. Fees paid are not refunded except where the law requires.',
      ],
    },
    {
      title: 'Acceptable use',
      points: [
        'Do not use Balas to send spam, to mislead or harass shoppers, or to sell goods that are illegal in Malaysia or on the marketplace.',
        'Do not try to break, overload or reverse engineer the service, or access another merchant’s data.',
        'We may suspend an account that breaks these rules, after telling you why where we can.',
      ],
    },
    {
      title: 'Limitation of liability',
      points: [
        'The service is provided “as is”. We do our best to keep it available and secure but cannot promise it will never fail.',
        'We are not liable for indirect or consequential losses, such as lost profits, lost sales or lost data.',
        'Our total liability to you for any claim is limited to the fees you paid us in the 12 months before the event giving rise to the claim.',
      ],
    },
    {
      title: 'Changes and ending the agreement',
      points: [
        'We may change these terms; we will tell you by e-mail or in the dashboard at least 14 days before a material change takes effect.',
        'You may stop using Balas and delete your shops at any time. We may end the service with 30 days’ notice.',
      ],
    },
    {
      title: 'Governing law',
      points: [
        'These terms are governed by the laws of Malaysia.',
        'Any dispute will be settled by the courts of Kuala Lumpur, Malaysia, unless the law gives you the right to another court.',
      ],
    },
    {
      title: 'Contact us',
      points: [
        'Questions about these terms: write to support@balas.my.',
        'How we handle personal data is described in our Privacy Policy.',
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: 'Privacy Policy',
  updated: '1 November 2026',
  intro:
    'This policy explains, in plain words, what personal data Balas handles, why, and what you can do about it.',
  sections: [
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
  ],
};
