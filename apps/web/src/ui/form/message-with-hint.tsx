import type { ReactNode } from 'react';

/**
 * A field's message with its format hint kept beside it (docs/product/ui.md#messages-keep-the-hint): the
 * person sees what is wrong and how to write it at once ("Invalid phone — 10 digits, e.g. 217-555-0199").
 * Each part is its own element, so the message reads alone too.
 */
export function messageWithHint(message: string | undefined, hint: ReactNode): ReactNode {
  if (!message) return hint;
  if (hint === undefined || hint === null || hint === '' || hint === false) return message;
  return (
    <>
      <span>{message}</span>
      {' — '}
      <span>{hint}</span>
    </>
  );
}
