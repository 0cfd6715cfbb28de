import { useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormHelperText,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import StrikethroughS from '@mui/icons-material/StrikethroughS';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import DataObject from '@mui/icons-material/DataObject';

/** A link the server keeps: http(s), mailto, or one that starts with a merge tag (docs/product/messages.md#what-the-editor-keeps). */
const LINK_OK = /^(https?:\/\/|mailto:|\{\{\s*[A-Za-z][\w.]*\s*\}\})/i;
/** Without merge tags (a page, not a message): an address only. */
const ADDRESS_OK = /^(https?:\/\/|mailto:)/i;

function ToolButton(p: { label: string; active?: boolean; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <Tooltip title={p.label}>
      <span>
        <IconButton
          size="small"
          aria-label={p.label}
          aria-pressed={p.active ?? undefined}
          onClick={p.onClick}
          disabled={p.disabled}
          color={p.active ? 'primary' : 'default'}
          // Keeps the editor's selection: the click does not take the focus away first.
          onMouseDown={(e) => e.preventDefault()}
        >
          {p.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function HeadingButton(p: { editor: Editor; level: 1 | 2 | 3; active: boolean }) {
  return (
    <Tooltip title={`Heading ${p.level}`}>
      <Button
        size="small"
        aria-label={`Heading ${p.level}`}
        aria-pressed={p.active}
        variant={p.active ? 'contained' : 'text'}
        color={p.active ? 'primary' : 'inherit'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => p.editor.chain().focus().toggleHeading({ level: p.level }).run()}
        sx={{ minWidth: 36, px: 1, fontWeight: 700 }}
      >
        H{p.level}
      </Button>
    </Tooltip>
  );
}

function LinkDialog(p: { open: boolean; initial: string; tags: boolean; onSave: (href: string) => void; onClose: () => void }) {
  const [href, setHref] = useState(p.initial);
  const [error, setError] = useState('');
  const ok = p.tags ? LINK_OK : ADDRESS_OK;
  const save = () => {
    const v = href.trim();
    if (!ok.test(v)) {
      setError(
        p.tags
          ? 'Enter an address that starts with https://, http:// or mailto:, or a merge tag such as {{general.portalLink}}.'
          : 'Enter an address that starts with https://, http:// or mailto:.',
      );
      return;
    }
    p.onSave(v);
  };
  return (
    <Dialog open={p.open} onClose={p.onClose} fullWidth maxWidth="sm" aria-labelledby="link-dialog-title">
      <DialogTitle id="link-dialog-title">Link</DialogTitle>
      <DialogContent>
        <TextField
          label="Address"
          value={href}
          onChange={(e) => {
            setHref(e.target.value);
            setError('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
          error={!!error}
          helperText={error || (p.tags ? 'https://…, mailto:… or a merge tag' : 'https://… or mailto:…')}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Set link
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface TTemplateRichEditorProps {
  id: string;
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  /** Opens the merge-tag picker; `insert` puts the chosen tag at the cursor. Absent: text without merge tags (a site page). */
  onAskTag?: ((insert: (key: string) => void) => void) | undefined;
  error?: string | undefined;
}

/**
 * The message editor (TipTap): paragraphs, headings 1–3, bold, italic, underline, strike, lists, quotes,
 * links and merge tags, no more than the server keeps. Loaded with the editor page only (its own chunk).
 */
export function TemplateRichEditor(p: TTemplateRichEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2, 3] }, code: false, codeBlock: false, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['mailto'],
        HTMLAttributes: { rel: 'noopener noreferrer' },
        isAllowedUri: (url) => (p.onAskTag ? LINK_OK : ADDRESS_OK).test(url.trim()),
      }),
    ],
    content: p.initialHtml,
    onUpdate: ({ editor: e }) => p.onChange(e.getHTML()),
    editorProps: {
      attributes: {
        id: p.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': p.label,
        ...(p.error ? { 'aria-invalid': 'true', 'aria-describedby': `${p.id}-error` } : {}),
      },
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Box>
      <Box
        sx={{
          border: 1,
          borderColor: p.error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}` },
        }}
      >
        <Box
          role="toolbar"
          aria-label={`${p.label}: formatting`}
          aria-controls={p.id}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <ToolButton label="Bold (Ctrl+B)" active={state.bold} onClick={() => chain().toggleBold().run()}>
            <FormatBold fontSize="small" />
          </ToolButton>
          <ToolButton label="Italic (Ctrl+I)" active={state.italic} onClick={() => chain().toggleItalic().run()}>
            <FormatItalic fontSize="small" />
          </ToolButton>
          <ToolButton label="Underline (Ctrl+U)" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
            <FormatUnderlined fontSize="small" />
          </ToolButton>
          <ToolButton label="Strikethrough" active={state.strike} onClick={() => chain().toggleStrike().run()}>
            <StrikethroughS fontSize="small" />
          </ToolButton>
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <HeadingButton editor={editor} level={1} active={state.h1} />
          <HeadingButton editor={editor} level={2} active={state.h2} />
          <HeadingButton editor={editor} level={3} active={state.h3} />
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
            <FormatListBulleted fontSize="small" />
          </ToolButton>
          <ToolButton label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
            <FormatListNumbered fontSize="small" />
          </ToolButton>
          <ToolButton label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
            <FormatQuote fontSize="small" />
          </ToolButton>
          <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
          <ToolButton label="Link" active={state.link} onClick={() => setLinkOpen(true)}>
            <InsertLink fontSize="small" />
          </ToolButton>
          <ToolButton label="Remove link" disabled={!state.link} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
            <LinkOff fontSize="small" />
          </ToolButton>
          {p.onAskTag ? (
            <>
              <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
              <Button
                size="small"
                startIcon={<DataObject fontSize="small" />}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => p.onAskTag?.((key) => chain().insertContent(`{{${key}}}`).run())}
              >
                Insert merge tag
              </Button>
            </>
          ) : null}
        </Box>
        <Box
          sx={{
            px: 2,
            minHeight: 220,
            '& .tiptap': { outline: 'none', minHeight: 200, py: 1 },
            '& .tiptap a': { color: 'primary.main' },
            '& .tiptap blockquote': { borderLeft: 3, borderColor: 'divider', ml: 0, pl: 2, color: 'text.secondary' },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {p.error ? (
        <FormHelperText id={`${p.id}-error`} error>
          {p.error}
        </FormHelperText>
      ) : null}
      {linkOpen ? (
        <LinkDialog
          open
          tags={!!p.onAskTag}
          initial={(editor.getAttributes('link').href as string | undefined) ?? 'https://'}
          onClose={() => setLinkOpen(false)}
          onSave={(href) => {
            chain().extendMarkRange('link').setLink({ href }).run();
            setLinkOpen(false);
          }}
        />
      ) : null}
    </Box>
  );
}
