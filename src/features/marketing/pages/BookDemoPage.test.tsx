import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import BookDemoPage from './BookDemoPage';

// The privacy line under the form is a router link.
const renderPage = () =>
  render(
    <MemoryRouter>
      <BookDemoPage />
    </MemoryRouter>,
  );

const { success, error } = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success, error } }));

const fetchMock = vi.fn<typeof fetch>();

const subject = 'Registering interest in Revolve 360 Training';

const values = {
  'First name': 'Alex',
  'Last name': 'Morgan',
  Email: 'alex@example.com',
  Subject: 'Something else',
  Message: 'Dementia, please.',
};

function fillIn() {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

describe('the register-interest form', () => {
  beforeEach(() => {
    success.mockClear();
    error.mockClear();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(Response.json({ received: true }));
    vi.stubGlobal('fetch', fetchMock);
  });

  it('thanks the visitor with the SPEC.md toast and resets every field, subject to its default', async () => {
    const user = userEvent.setup();
    renderPage();
    fillIn();
    await user.click(screen.getByRole('button', { name: 'Register interest' }));

    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    const [address, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(address)).toMatch(/\/functions\/v1\/submit-lead$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'alex@example.com',
      subject: 'Something else',
      message: 'Dementia, please.',
      website: '',
    });
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
    renderPage();
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

  it('says under the form what the details are for, with the way to the privacy notice', () => {
    renderPage();
    expect(
      screen.getByText(/^We use these details only to reply to you about Revolve’s training\./),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read our privacy notice' })).toHaveAttribute(
      'href',
      '/terms-and-conditions#privacy-policy',
    );
  });

  it('does not thank the visitor while a required field is empty', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Register interest' }));
    expect(success).not.toHaveBeenCalled();
  });

  it('on a refusal shows the reason in a destructive toast and keeps every field', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: 'Too many submissions. Please try again later.' }, { status: 429 }),
    );
    const user = userEvent.setup();
    renderPage();
    fillIn();
    await user.click(screen.getByRole('button', { name: 'Register interest' }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'Registration failed',
        'Too many submissions. Please try again later.',
      ),
    );
    expect(success).not.toHaveBeenCalled();
    for (const [label, value] of Object.entries(values)) {
      expect(screen.getByLabelText(label)).toHaveValue(value);
    }
    expect(screen.getByRole('button', { name: 'Register interest' })).toBeEnabled();
  });

  it('on a server fault or no network says so in general terms, fields kept', async () => {
    const user = userEvent.setup();
    renderPage();
    for (const failure of [
      () => Promise.resolve(Response.json({ error: 'TypeError: internals' }, { status: 500 })),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      error.mockClear();
      fetchMock.mockImplementationOnce(failure);
      fillIn();
      await user.click(screen.getByRole('button', { name: 'Register interest' }));
      await waitFor(() =>
        expect(error).toHaveBeenCalledWith(
          'Registration failed',
          'Failed to register your interest. Please try again.',
        ),
      );
      expect(screen.getByLabelText('Message')).toHaveValue('Dementia, please.');
    }
  });

  it('says it is sending and takes one submission at a time', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderPage();
    fillIn();
    await user.click(screen.getByRole('button', { name: 'Register interest' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    fireEvent.submit(screen.getByRole('form'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(Response.json({ received: true }));
    await screen.findByRole('button', { name: 'Register interest' });
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('hides the honeypot from people and from the keyboard', () => {
    renderPage();
    const honeypot = screen.getByLabelText('Leave this field empty');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
