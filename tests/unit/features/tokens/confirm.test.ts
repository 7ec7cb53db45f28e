import { describe, expect, it } from 'vitest';
import { confirmationText, deletionConfirmed } from '../../../../src/features/tokens/confirm';

describe('the confirmation of a deletion (spec §5: typing a confirmation text)', () => {
  const token = { user_name: 'ops-team' };

  it('is the user name of the token', () => {
    expect(confirmationText(token)).toBe('ops-team');
  });

  it.each([
    ['ops-team', true],
    ['  ops-team ', true],
    ['', false],
    ['   ', false],
    ['ops', false],
    ['ops-team2', false],
    ['OPS-TEAM', false],
    ['ops team', false],
    ['删除', false],
    ['delete', false],
  ])('%j unlocks the delete button: %s', (typed, unlocked) => {
    expect(deletionConfirmed(typed, token)).toBe(unlocked);
  });

  it('never unlocks with nothing typed, whatever the name', () => {
    expect(deletionConfirmed('', { user_name: '' })).toBe(false);
  });
});
