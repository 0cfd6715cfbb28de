import { Fragment } from 'react';
import { Link, Stack, Typography } from '@mui/material';

const URL_RE = /\b(https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)/gi;

/** One line with its web addresses as links; trailing punctuation stays text. */
function linkify(line: string) {
  const out: (string | { href: string; text: string })[] = [];
  let last = 0;
  for (const m of line.matchAll(URL_RE)) {
    let text = m[0];
    const trail = /[.,;:!?)\]]+$/.exec(text)?.[0] ?? '';
    text = text.slice(0, text.length - trail.length);
    out.push(line.slice(last, m.index), { href: text.startsWith('www.') ? `https://${text}` : text, text });
    last = m.index + text.length;
  }
  out.push(line.slice(last));
  return out;
}

/** Plain text as paragraphs (blank lines), line breaks kept, web addresses as links that open in a new tab. */
export function LinkedText({ text, color }: { text: string; color?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {paragraphs.map((p, i) => (
        <Typography key={i} color={color} sx={{ overflowWrap: 'anywhere' }}>
          {p.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {linkify(line).map((part, k) =>
                typeof part === 'string' ? (
                  <Fragment key={k}>{part}</Fragment>
                ) : (
                  <Link key={k} href={part.href} target="_blank" rel="noopener noreferrer">
                    {part.text}
                  </Link>
                ),
              )}
            </Fragment>
          ))}
        </Typography>
      ))}
    </Stack>
  );
}
