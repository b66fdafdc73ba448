import { describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../../../e2e/support/smtp.ts';
import { createSmtpMailer } from './mailer.ts';

describe('SMTP mailer', () => {
  it('delivers through a real SMTP server', async () => {
    const smtp = await startSmtpCapture();
    const mailer = createSmtpMailer(smtp.url, 'Balas <no-reply@balas.test>');
    await mailer.send({
      to: 'merchant@example.com',
      subject: 'Hello',
      text: 'A link: https://example.com/x?y=1',
    });
    const mail = await smtp.waitFor('merchant@example.com');
    expect(mail.text).toContain('Subject: Hello');
    expect(mail.text).toContain('https://example.com/x?y=1');
    await mailer.close();
    await smtp.close();
  });
});
