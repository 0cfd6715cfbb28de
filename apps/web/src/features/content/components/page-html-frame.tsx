import { useCallback, useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';

/**
 * A page's text (cleaned on the server) as readers see it (docs/product/site-pages.md#what-a-page-may-hold):
 * in a frame that runs nothing (no scripts, even were something to slip through the cleaning); links open in
 * a new tab. The frame grows to its content, so the page reads as one.
 */
export function PageHtmlFrame({ html, title }: { html: string; title: string }) {
  const theme = useTheme();
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const fit = useCallback(() => {
    const doc = ref.current?.contentDocument;
    if (doc?.documentElement) setHeight(Math.max(80, doc.documentElement.scrollHeight));
  }, []);
  useEffect(() => {
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fit]);
  const font = String(theme.typography.fontFamily ?? 'Arial, Helvetica, sans-serif').replace(/[<>]/g, '');
  const link = theme.palette.primary.main.replace(/[<>;]/g, '');
  const doc =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>` +
    `html,body{margin:0}body{font-family:${font};font-size:16px;line-height:1.6;color:#1f1f1f;padding:2px 0 12px;overflow-wrap:anywhere}` +
    `a{color:${link}}h1{font-size:1.6rem}h2{font-size:1.35rem}h3{font-size:1.15rem}` +
    `blockquote{border-left:3px solid #ccc;margin-left:0;padding-left:16px;color:#555}img{max-width:100%;height:auto}` +
    `</style></head><body>${html}</body></html>`;
  return (
    <Box
      component="iframe"
      ref={ref}
      title={title}
      // Same origin so the frame can be measured; without allow-scripts nothing in it runs.
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={doc}
      onLoad={fit}
      sx={{ display: 'block', width: '100%', height, border: 0, bgcolor: 'common.white' }}
    />
  );
}
