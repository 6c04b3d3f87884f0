import { expect, test } from '@playwright/test';
import { apiHeaders } from '../support/api';
import { DEMO_EMAILS, signIn } from '../support/sign-in';
import { catchMail } from '../support/smtp';

/**
 * The live rooms' e-mail, through the portal's one e-mail dialog (shared with the player's): the room's
 * defaults, the same checks, and the message with its calendar invitation at a real SMTP server.
 */
test('e-mails a room link with its calendar invitation from the rooms list', async ({ page }) => {
  const { mail, close } = await catchMail();
  try {
    await page.addInitScript(() => localStorage.setItem('forecourt.language', 'en'));
    await signIn(page, DEMO_EMAILS.manager);
    const headers = await apiHeaders(page);
    const me = (await (await page.request.get('/api/users/me', { headers })).json()) as { id: string };
    const name = `Handover ${Date.now().toString(36)}`;
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const created = await page.request.post('/api/videos/live/rooms', {
      headers,
      data: { session_name: name, user_id: me.id, owner_id: 'own-demo-paris', appointment_date: tomorrow },
    });
    expect(created.status()).toBe(201);
    const room = (await created.json()) as { link: string };

    await page.goto('/videos/live/rooms');
    await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Send by e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the meeting link by e-mail' });
    await expect(dialog.getByLabel('Subject')).toHaveValue(`Invitation: ${name}`);
    await expect(dialog.getByLabel('Message')).toHaveValue(
      new RegExp(room.link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('The e-mail address is required')).toBeVisible();
    await dialog.getByLabel('To').fill('customer@example.test');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('The e-mail has been sent')).toBeVisible();
    await expect(dialog).toBeHidden();

    const message = await mail;
    expect(message.subject).toBe(`Invitation: ${name}`);
    expect(message.to && 'value' in message.to ? message.to.value[0]?.address : '').toBe('customer@example.test');
    expect(message.text).toContain(room.link);
    expect(message.attachments.map((a) => a.filename)).toEqual(['invitation.ics']);
  } finally {
    await close();
  }
});
