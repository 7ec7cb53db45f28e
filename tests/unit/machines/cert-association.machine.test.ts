import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  certAssociationMachine,
  coveredDomains,
  type AssociationCert,
  type AssociationDomain,
  type CertAssociationEvent,
  type CertAssociationInput,
} from '../../../src/machines/cert-association.machine';

const now = Date.parse('2026-11-24T00:00:00Z');
const day = 86_400_000;
const cert = (id: string, names: string[], daysLeft: number): AssociationCert => ({
  id,
  name: id,
  names,
  not_after: new Date(now + daysLeft * day).toISOString(),
});
const wildcard = cert('wild', ['*.a.com'], 90);
const expired = cert('old', ['*.a.com'], -1);
const other = cert('other', ['b.com'], 90);
const domain = (id: string, name: string): AssociationDomain => ({ id, domain: name, certificate_id: null });
const domains = [
  domain('x', 'x.a.com'),
  domain('y', 'y.a.com'),
  domain('apex', 'a.com'),
  domain('deep', 'y.x.a.com'),
];

type Queue = CertAssociationInput['queue'];
type Opened = Partial<Omit<CertAssociationInput, 'queue'>>;

/** The machine started with the three certificates and four domains; `queue` is the outbox fake. */
const start = (input: Opened = {}, queue = vi.fn<Queue>(() => Promise.resolve())) => {
  const actor = createActor(certAssociationMachine, {
    input: { certs: [wildcard, expired, other], domains, now, queue, ...input },
  });
  actor.start();
  return { actor, queue };
};

describe('certAssociationMachine', () => {
  it('opened from a certificate, starts at its domains', () => {
    const { actor } = start({ certId: 'wild' });
    expect(actor.getSnapshot().value).toBe('choosingDomains');
    expect(actor.getSnapshot().context.cert?.id).toBe('wild');
  });

  it('opened from an expired certificate, asks for another', () => {
    const { actor } = start({ certId: 'old' });
    expect(actor.getSnapshot().value).toBe('choosingCert');
  });

  it('refuses Next with no domain chosen, and with a domain the certificate does not cover', () => {
    const { actor } = start({ certId: 'wild' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('choosingDomains');
    expect(actor.getSnapshot().context.problem).toBe('noneChosen');

    actor.send({ type: 'domains.set', ids: ['x', 'deep'] });
    expect(actor.getSnapshot().context.refused).toEqual(['deep']);
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('choosingDomains');
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'notCovered', refused: ['deep'] });

    actor.send({ type: 'domains.set', ids: ['x', 'y'] });
    expect(actor.getSnapshot().context).toMatchObject({ problem: null, refused: [] });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('queues the certificate with the chosen domains once on confirm, then is done', async () => {
    const { actor, queue } = start({ certId: 'wild' });
    actor.send({ type: 'domains.set', ids: ['x', 'y'] });
    actor.send({ type: 'step.next' });
    expect(queue).not.toHaveBeenCalled();
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(queue).toHaveBeenCalledTimes(1);
    expect(queue).toHaveBeenCalledWith(wildcard, [domains[0], domains[1]]);
  });

  it('opened from a domain, starts at the certificate: an expired one is refused and Next stays', () => {
    const { actor } = start({ domainIds: ['x'] });
    expect(actor.getSnapshot().value).toBe('choosingCert');
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.problem).toBe('noCert');

    actor.send({ type: 'cert.choose', id: 'old' });
    expect(actor.getSnapshot().context.problem).toBe('expired');
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('choosingCert');
    expect(actor.getSnapshot().context.problem).toBe('expired');
  });

  it('opened from a domain, a covering certificate goes on to the domains with that domain kept', () => {
    const { actor } = start({ domainIds: ['x'] });
    actor.send({ type: 'cert.choose', id: 'wild' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('choosingDomains');
    expect(actor.getSnapshot().context).toMatchObject({ chosen: ['x'], refused: [], problem: null });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('opened from a domain, a certificate that does not cover it names the domain refused', () => {
    const { actor } = start({ domainIds: ['x'] });
    actor.send({ type: 'cert.choose', id: 'other' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('choosingDomains');
    expect(actor.getSnapshot().context.refused).toEqual(['x']);
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().value).toBe('choosingDomains');
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'notCovered', refused: ['x'] });

    // Back to choose another certificate: the domain is still chosen.
    actor.send({ type: 'step.back' });
    actor.send({ type: 'cert.choose', id: 'wild' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context).toMatchObject({ chosen: ['x'], refused: [] });
  });

  it('returns to confirming with the reason when the outbox cannot take the change, the choice kept', async () => {
    const full = Object.assign(new Error('full'), { name: 'StoreFullError' });
    const { actor, queue } = start(
      { certId: 'wild' },
      vi.fn<Queue>(() => Promise.reject(full)),
    );
    actor.send({ type: 'domains.set', ids: ['x'] });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.failure !== null);
    expect(queue).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({
      failure: 'StoreFullError',
      chosen: ['x'],
      cert: wildcard,
    });
  });

  it.each<[string, Opened, CertAssociationEvent[]]>([
    ['choosingCert', {}, []],
    ['choosingDomains', { certId: 'wild' }, []],
    ['confirming', { certId: 'wild' }, [{ type: 'domains.set', ids: ['x'] }, { type: 'step.next' }]],
  ])('is cancelled from %s without queuing', (from, input, events) => {
    const { actor, queue } = start(input);
    for (const event of events) actor.send(event);
    expect(actor.getSnapshot().value).toBe(from);
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(queue).not.toHaveBeenCalled();
  });
});

describe('coveredDomains', () => {
  it('covers exactly one label under a wildcard: not the apex, not two labels', () => {
    expect(coveredDomains(wildcard, domains).map((d) => d.id)).toEqual(['x', 'y']);
  });

  it('ignores case on both sides', () => {
    const upper = [domain('X', 'X.A.COM'), domain('apex', 'A.com'), domain('deep', 'Y.x.A.com')];
    expect(coveredDomains(wildcard, upper).map((d) => d.id)).toEqual(['X']);
    expect(coveredDomains(cert('upper', ['*.A.Com'], 90), domains).map((d) => d.id)).toEqual(['x', 'y']);
  });

  it('covers the exact name of a certificate without wildcard', () => {
    expect(coveredDomains(cert('apex', ['a.com'], 90), domains).map((d) => d.id)).toEqual(['apex']);
  });
});
