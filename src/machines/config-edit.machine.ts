import { assign, fromPromise, setup } from 'xstate';

/**
 * Editing one section of a domain's configuration (spec §2 domain detail): the values shown, an
 * edit of them, the field-level review of what changes, then the change queued in the outbox.
 * Turning a switch off asks first (spec §4: it clears the switch's settings).
 *
 * The section's rules are the caller's (`check`, given with `form.review`), and so is the queueing
 * (`queue`, given with `form.apply`), so the machine holds no storage and no network.
 */
export interface ConfigEditContext<T> {
  draft: T | null;
  /** The draft as it would be with the switch turned off, while that is being confirmed. */
  proposed: T | null;
  /** The message ids of the rules the draft breaks, by path. */
  issues: { path: string; message_id: string }[];
  /** The content to apply once reviewed. */
  reviewed: T | null;
  /** Why the last apply failed (the device storage is full, the store is closed). */
  failure: string | null;
  /** What queues the reviewed content, given with `form.apply`. */
  queue: ((content: T) => Promise<void>) | null;
}

export type ConfigEditEvent<T> =
  | { type: 'section.edit'; initial: T }
  | { type: 'form.change'; draft: T }
  | { type: 'switch.off'; draft: T }
  | { type: 'switch.confirm' }
  | { type: 'switch.cancel' }
  | { type: 'form.review'; check: (draft: T) => { content: T } | { issues: ConfigEditContext<T>['issues'] } }
  | { type: 'form.back' }
  | { type: 'form.apply'; queue: (content: T) => Promise<void> }
  | { type: 'form.cancel' };

export function configEditMachine<T>() {
  return setup({
    types: {
      context: {} as ConfigEditContext<T>,
      events: {} as ConfigEditEvent<T>,
    },
    actors: {
      apply: fromPromise<void, { content: T; queue: ((content: T) => Promise<void>) | null }>(({ input }) =>
        input.queue
          ? input.queue(input.content)
          : Promise.reject(new Error('Nothing to queue the change with')),
      ),
    },
  }).createMachine({
    id: 'configEdit',
    initial: 'viewing',
    context: { draft: null, proposed: null, issues: [], reviewed: null, failure: null, queue: null },
    states: {
      viewing: {
        on: {
          'section.edit': {
            target: 'editing',
            actions: assign(({ event }) => ({
              draft: event.initial,
              issues: [],
              failure: null,
              reviewed: null,
            })),
          },
        },
      },
      editing: {
        on: {
          'form.change': { actions: assign({ draft: ({ event }) => event.draft }) },
          'switch.off': {
            target: 'confirmingOff',
            actions: assign({ proposed: ({ event }) => event.draft }),
          },
          'form.review': [
            {
              guard: ({ context, event }) =>
                context.draft !== null && 'content' in event.check(context.draft),
              target: 'reviewing',
              actions: assign(({ context, event }) => ({
                issues: [],
                reviewed: (event.check(context.draft as T) as { content: T }).content,
              })),
            },
            {
              actions: assign({
                issues: ({ context, event }) =>
                  context.draft === null
                    ? []
                    : ((event.check(context.draft) as { issues: ConfigEditContext<T>['issues'] }).issues ??
                      []),
              }),
            },
          ],
          'form.cancel': { target: 'viewing', actions: assign({ draft: null, issues: [] }) },
        },
      },
      confirmingOff: {
        on: {
          'switch.confirm': {
            target: 'editing',
            actions: assign(({ context }) => ({ draft: context.proposed, proposed: null })),
          },
          'switch.cancel': { target: 'editing', actions: assign({ proposed: null }) },
        },
      },
      reviewing: {
        on: {
          'form.back': 'editing',
          'form.apply': {
            target: 'applying',
            actions: assign({
              queue: ({ event }: { event: Extract<ConfigEditEvent<T>, { type: 'form.apply' }> }) =>
                event.queue,
            }),
          },
          'form.cancel': { target: 'viewing', actions: assign({ draft: null, reviewed: null }) },
        },
      },
      applying: {
        invoke: {
          src: 'apply',
          input: ({ context }) => ({ content: context.reviewed as T, queue: context.queue }),
          onDone: { target: 'viewing', actions: assign({ draft: null, reviewed: null }) },
          onError: {
            target: 'editing',
            actions: assign({
              failure: ({ event }) => (event.error instanceof Error ? event.error.name : 'Error'),
            }),
          },
        },
      },
    },
  });
}
