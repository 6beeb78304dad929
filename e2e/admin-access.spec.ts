import { expect, test } from './fixtures';
import { toast } from './support/page';
import {
  accessToken,
  accountWithActiveTrial,
  accountWithTrialRequest,
  apiUrl,
  findRow,
  uniqueEmail,
} from './support/backend';

// The admin powers are the backend's to enforce: the page's refusal is only the visible part.

const password = 'Trial1234';

test.describe('as a user without the admin role (active@)', () => {
  test.use({ account: 'active@example.com' });

  test('/admin shows Access Denied and lands on the dashboard', async ({ page }) => {
    await page.goto('/admin');
    await expect(toast(page, 'Access Denied', 'You do not have admin privileges.')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
  });

  test('every admin function answers 403 to their token and changes nothing', async () => {
    const email = uniqueEmail('untouched');
    const { requestId } = await accountWithTrialRequest(email, password, 'Una Touched');
    const activeEmail = uniqueEmail('untouched-active');
    const { trialId } = await accountWithActiveTrial(activeEmail, password, 'Ula Active');
    const token = await accessToken('active@example.com');
    const calls = [
      ['approve-trial', { trial_id: requestId, email }],
      ['expire-trial', { trial_id: trialId }],
      ['grant-admin-role', { user_email: 'active@example.com' }],
      [
        'send-trial-activated',
        { email, name: 'Una Touched', expires_at: new Date().toISOString() },
      ],
    ] as const;
    for (const [name, body] of calls) {
      const response = await fetch(`${apiUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, name).toBe(403);
    }
    expect(await findRow('pending_trials', 'id', requestId)).toMatchObject({ status: 'pending' });
    expect(await findRow('active_trial_users', 'id', trialId)).toMatchObject({ status: 'active' });
    // active@ (the seed's second user) still has no role.
    expect(
      await findRow('user_roles', 'user_id', 'a0000000-0000-4000-8000-000000000002'),
    ).toBeNull();
  });
});
