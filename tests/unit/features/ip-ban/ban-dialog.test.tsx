import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRange } from '../../../../src/contract/rules/ip';
import { indexInForce } from '../../../../src/features/ip-ban/ban-check';
import { BanDialog, type BanDraft } from '../../../../src/features/ip-ban/ban-dialog';
import { noExpiry } from '../../../../src/features/ip-ban/expiry';
import { activateEnglish, Shell } from './fixtures';

beforeAll(activateEnglish);
afterEach(cleanup);

const inForce = ['192.0.2.0/24', '2001:db8::1'].map((id) => {
  const parsed = parseRange(id);
  if (!parsed.ok) throw new Error(id);
  return { id, range: parsed.range };
});

function Harness({
  onSubmit,
}: {
  onSubmit: (ranges: string[], reason: string, expiresAt: string | null) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<BanDraft>({ lines: '', reason: '', expiry: noExpiry });
  return (
    <Shell>
      <BanDialog
        open
        draft={draft}
        onDraftChange={setDraft}
        index={indexInForce(inForce)}
        now={Date.parse('2026-03-01T12:00:00Z')}
        onClose={() => undefined}
        onSubmit={onSubmit}
      />
    </Shell>
  );
}

const problemList = () => screen.getByRole('list', { name: 'Problems by line' });

describe('the ban dialog', () => {
  it('lists each line’s problem with its line number and what it names, and blocks the submit', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<Harness onSubmit={onSubmit} />);
    const lines = screen.getByLabelText('IP addresses or CIDR ranges');
    fireEvent.change(lines, {
      target: {
        value: [
          '198.51.100.7',
          '192.0.2.01',
          '198.51.100.7',
          '192.0.2.9',
          '203.0.113.0/24',
          '203.0.113.7/24',
          '2001:DB8::1',
        ].join('\n'),
      },
    });
    await waitFor(() => expect(problemList()).toBeTruthy());
    const items = within(problemList())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^Line 2\s*192\.0\.2\.01\s*Enter a valid IPv4 or IPv6 address or CIDR range$/),
      expect.stringMatching(/^Line 3\s*198\.51\.100\.7\s*Same as line 1$/),
      expect.stringMatching(
        /^Line 4\s*192\.0\.2\.9\s*It overlaps 192\.0\.2\.0\/24, which is already banned$/,
      ),
      expect.stringMatching(/^Line 6\s*203\.0\.113\.7\/24\s*.*host bits.*Use 203\.0\.113\.0\/24$/),
      expect.stringMatching(/^Line 7\s*2001:DB8::1\s*This IP or range is already banned$/),
    ]);
    expect(screen.getByText('5 lines out of 7 need fixing before the ban can be submitted.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ban' }) as HTMLButtonElement).disabled).toBe(true);

    // The offered network replaces the line; then line 6 overlaps line 5.
    fireEvent.click(screen.getByRole('button', { name: 'Use 203.0.113.0/24' }));
    await waitFor(() => expect(within(problemList()).getByText('Same as line 5')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the canonical texts once every line is right, with the reason and expiry', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('IP addresses or CIDR ranges'), {
      target: { value: '198.51.100.7\n\n2001:DB8:1::/48\n' },
    });
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: '  scraping  ' } });
    await waitFor(() => expect(screen.getByText('2 IPs or ranges will be banned.')).toBeTruthy());
    expect(screen.queryByRole('list', { name: 'Problems by line' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    });
    expect(onSubmit).toHaveBeenCalledWith(['198.51.100.7', '2001:db8:1::/48'], 'scraping', null);
  });

  it('refuses a reason of more than 100 characters and more than 500 lines', async () => {
    render(<Harness onSubmit={() => Promise.resolve(true)} />);
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'x'.repeat(101) } });
    expect(screen.getByText('The reason can have at most 100 characters')).toBeTruthy();
    const many = Array.from({ length: 501 }, (_, i) => `10.0.${Math.floor(i / 256)}.${i % 256}`).join('\n');
    fireEvent.change(screen.getByLabelText('IP addresses or CIDR ranges'), { target: { value: many } });
    await waitFor(() => expect(screen.getByText('At most 500 lines can be banned at a time')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Ban' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
