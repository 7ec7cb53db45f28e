import { useState } from 'react';
import { hasProblems, refusalOf, shownProblems, type FieldProblems, type UserField } from './validate';

/**
 * The state of a sub-account form: what was typed, the rule problems to show (of fields left,
 * or all once submitted), and the server's problems, each gone when its field changes.
 */
export function useFieldForm<D extends object>(
  initial: D | (() => D),
  problemsOf: (draft: D) => FieldProblems,
) {
  const [draft, setDraft] = useState<D>(initial);
  const [touched, setTouched] = useState<ReadonlySet<UserField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldProblems>({});
  const problems = problemsOf(draft);
  return {
    draft,
    setDraft,
    problems,
    submitted,
    server,
    shown: { ...server, ...shownProblems(problems, touched, submitted) },
    setSubmitted,
    setServer,
    change(next: Partial<D>) {
      setDraft((d) => ({ ...d, ...next }));
      setServer((s) => {
        const rest = { ...s };
        for (const field of Object.keys(next)) delete rest[field as UserField];
        return rest;
      });
    },
    /** Starts afresh from `to`: nothing touched, nothing submitted, no server problems. */
    reset(to: D) {
      setDraft(to);
      setTouched(new Set());
      setSubmitted(false);
      setServer({});
    },
    touch(field: UserField) {
      setTouched((s) => (s.has(field) ? s : new Set(s).add(field)));
    },
  };
}

/**
 * Sends a form of `useFieldForm` once its rules pass, one send at a time: busy while it is sent;
 * a refusal placed at the fields of `fields` it names, the rest said above the form (`failure`).
 * What was typed stays whatever the server answers.
 */
export function useSend<D extends object>(
  form: Pick<ReturnType<typeof useFieldForm<D>>, 'draft' | 'problems' | 'setSubmitted' | 'setServer'>,
  fields: readonly UserField[],
  send: (draft: D) => Promise<void>,
) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    form.setSubmitted(true);
    if (hasProblems(form.problems) || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await send(form.draft);
    } catch (error) {
      const refusal = refusalOf(error, fields);
      form.setServer(refusal.fields);
      setFailure(refusal.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, submit };
}

/**
 * What was last read of a thing being edited. Read again (refresh, reconnection), what was not
 * edited follows the server: the draft is replaced unless it differs from what was read before.
 */
export function useReadBase<D>(
  latest: D,
  draft: D,
  setDraft: (draft: D) => void,
  same: (a: D, b: D) => boolean,
) {
  const [base, setBase] = useState(latest);
  const changed = !same(draft, base);
  if (!same(latest, base)) {
    setBase(latest);
    if (!changed) setDraft(latest);
  }
  return { base, setBase, changed };
}

/**
 * A form of `useFieldForm` editing what was read (`latest`), after `useReadBase`: two drafts are
 * the same when they send the same body (`bodyOf`).
 */
export function useEditForm<D extends object>(
  latest: D,
  problemsOf: (draft: D) => FieldProblems,
  bodyOf: (draft: D) => D,
) {
  const same = (a: D, b: D) => JSON.stringify(bodyOf(a)) === JSON.stringify(bodyOf(b));
  const form = useFieldForm<D>(latest, problemsOf);
  const { base, setBase, changed } = useReadBase(latest, form.draft, form.setDraft, same);
  return {
    ...form,
    base,
    changed,
    /** The server's answer is what is read now: the form starts afresh from it. */
    saved(to: D) {
      setBase(to);
      form.reset(to);
    },
  };
}
