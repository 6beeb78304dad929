import { describe, it, expect } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

describe('Button', () => {
  it('renders a button in the variant asked for', () => {
    render(<Button variant="outline">Contact us</Button>);

    const button = screen.getByRole('button', { name: 'Contact us' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveClass('inline-flex', 'min-h-11', 'border-input');
  });
});

describe('Dialog', () => {
  it('opens from its trigger and closes with the accessible Close button', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Edit profile</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Edit your profile</DialogTitle>
            <DialogDescription>Changes are saved when you close this window.</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>,
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit your profile' });
    expect(dialog).toBeVisible();
    expect(dialog).toHaveAccessibleDescription('Changes are saved when you close this window.');

    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Checkbox', () => {
  it('toggles its checked state when clicked', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <Checkbox id="terms" />
        <label htmlFor="terms">Accept the terms</label>
      </div>,
    );

    const checkbox = screen.getByRole('checkbox', { name: 'Accept the terms' });
    expect(checkbox).toHaveAttribute('aria-checked', 'false');
    expect(checkbox).not.toBeChecked();

    await user.click(checkbox);
    expect(checkbox).toHaveAttribute('aria-checked', 'true');
    expect(checkbox).toBeChecked();

    await user.click(checkbox);
    expect(checkbox).toHaveAttribute('aria-checked', 'false');
  });
});
