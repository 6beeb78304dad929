import { describe, expect, it } from 'vitest';
import { serverMessage } from './serverMessage';

describe('serverMessage', () => {
  it("is a thrown error's message, or a PostgREST error object's", () => {
    expect(serverMessage(new Error('Lead not found'))).toBe('Lead not found');
    expect(serverMessage({ code: '22023', message: 'Seat limit must be a whole number' })).toBe(
      'Seat limit must be a whole number',
    );
  });

  it('is null when the server said nothing a person could read', () => {
    expect(serverMessage(new Error(''))).toBeNull();
    expect(serverMessage({ message: 42 })).toBeNull();
    expect(serverMessage({ code: '500' })).toBeNull();
    expect(serverMessage('failed')).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });
});
