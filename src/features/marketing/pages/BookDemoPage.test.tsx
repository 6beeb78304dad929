import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import BookDemoPage from './BookDemoPage';

const { success } = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success, error: vi.fn() } }));

const subject = 'Registering interest in Revolve 360 Training';

describe('the register-interest form', () => {
  beforeEach(() => success.mockClear());

  it('thanks the visitor with the SPEC.md toast and resets every field, subject to its default', async () => {
    const user = userEvent.setup();
    render(<BookDemoPage />);
    const values = {
      'First name': 'Alex',
      'Last name': 'Morgan',
      Email: 'alex@example.com',
      Subject: 'Something else',
      Message: 'Dementia, please.',
    };
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    }
    await user.click(screen.getByRole('button', { name: 'Register interest' }));

    expect(success).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith(
      'Thank you for your interest!',
      "We'll be in touch soon to arrange your demo.",
    );
    for (const label of ['First name', 'Last name', 'Email', 'Message']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByLabelText('Subject')).toHaveValue(subject);
  });

  it('leaves validation to the browser: every field required, no noValidate', () => {
    render(<BookDemoPage />);
    for (const label of ['First name', 'Last name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('form')).not.toHaveAttribute('novalidate');
    expect(screen.getByLabelText('Message')).toHaveAttribute(
      'placeholder',
      'Say which training module/s you will like to be kept updated about',
    );
  });

  it('does not thank the visitor while a required field is empty', async () => {
    const user = userEvent.setup();
    render(<BookDemoPage />);
    await user.click(screen.getByRole('button', { name: 'Register interest' }));
    expect(success).not.toHaveBeenCalled();
  });
});
