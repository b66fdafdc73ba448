// The dashboard's words for the merchant's account page: their details and the password change.
// The server's own messages (errors, the answer) are `messages.auth` and `messages.validation`.

export const accountWords = {
  title: 'Account',
  subtitle: 'Your details, notifications on your devices and the password you sign in with.',
  details: 'Your details',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  noPhone: 'Not given',
  password: {
    title: 'Change password',
    intro:
      'Every other browser or device signed in to your account is signed out when you change it. You stay signed in here.',
    current: 'Current password',
    new: 'New password',
    newHint: 'At least 8 characters. A few unrelated words make a strong password.',
    confirm: 'Confirm new password',
    submit: 'Change password',
    show: 'Show password',
    hide: 'Hide password',
    /** Said once it is changed, with how many other sessions were signed out. */
    changed: (endedSessions: number) =>
      endedSessions === 0
        ? 'Your password has been changed.'
        : `Your password has been changed. ${endedSessions === 1 ? '1 other session was' : `${endedSessions} other sessions were`} signed out.`,
  },
} as const;
