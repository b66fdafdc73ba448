import {
  type Shop,
  type WebsitePage,
  type WebsiteSchedule,
  type WebsiteSource,
  websiteImportLimits,
  websiteImportMessages as words,
} from '@balas/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Language from '@mui/icons-material/Language';
import Refresh from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import hidden from '../../../components/visually-hidden.module.css';
import { usePageDiff, useWebsiteMutations, useWebsites } from '../api/website.ts';

const scheduleLabel: Record<WebsiteSchedule, string> = {
  manual: 'Only when I ask',
  daily: 'Every day',
  weekly: 'Every week',
};

const when = (iso: string | null) => (iso ? format(new Date(iso), 'd MMM y, HH:mm') : '—');

/** The Website tab of Manage Knowledge: pages of the merchant's own site as knowledge (issue 28.4). */
export function WebsiteTab({ shop }: { shop: Shop }) {
  const sources = useWebsites(shop.id);
  const mutations = useWebsiteMutations(shop.id);
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<WebsiteSource | null>(null);
  const [diffOf, setDiffOf] = useState<WebsitePage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}
      >
        <Typography color="text.secondary">
          Import your website's FAQ, shipping, returns and about pages. Balas reads them again when you ask or
          on a schedule, and shows what changed.
        </Typography>
        <Button
          variant="contained"
          startIcon={<Language />}
          onClick={() => setOpen(true)}
          sx={{ flex: 'none', whiteSpace: 'nowrap' }}
        >
          Import from website
        </Button>
      </Stack>
      {sources.error && <Alert severity="error">{(sources.error as Error).message}</Alert>}
      {sources.data?.length === 0 && (
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            No website pages yet
          </Typography>
          <Typography color="text.secondary">
            Add a page address, or your sitemap to import up to {websiteImportLimits.maxPages} pages at once.
          </Typography>
        </Card>
      )}
      <Stack spacing={2}>
        {sources.data?.map((source) => (
          <SourceCard
            key={source.id}
            source={source}
            busy={mutations.reimport.isPending && mutations.reimport.variables === source.id}
            onReimport={() =>
              mutations.reimport.mutateAsync(source.id).then(
                () => setNotice(words.reimportQueued),
                (e: Error) => setNotice(e.message),
              )
            }
            onSchedule={(schedule) =>
              mutations.schedule
                .mutateAsync({ id: source.id, schedule })
                .then(() => setNotice(`Re-import: ${scheduleLabel[schedule].toLowerCase()}`))
                .catch((e: Error) => setNotice(e.message))
            }
            onRemove={() => setRemoving(source)}
            onDiff={setDiffOf}
          />
        ))}
      </Stack>
      <ImportDialog
        open={open}
        busy={mutations.add.isPending}
        error={mutations.add.error ? (mutations.add.error as Error).message : null}
        onClose={() => {
          mutations.add.reset();
          setOpen(false);
        }}
        onImport={async (input) => {
          await mutations.add.mutateAsync(input);
          setOpen(false);
          setNotice(words.queued);
        }}
      />
      <DiffDialog page={diffOf} onClose={() => setDiffOf(null)} />
      <ConfirmDialog
        open={!!removing}
        message={words.deleteConfirm}
        confirmLabel="Remove"
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) {
            await mutations.remove.mutateAsync(removing.id).then(
              () => setNotice(words.removed),
              (e: Error) => setNotice(e.message),
            );
          }
          setRemoving(null);
        }}
      />
      <Snackbar open={!!notice} autoHideDuration={4000} onClose={() => setNotice(null)} message={notice} />
    </Box>
  );
}

function SourceStatus({ source }: { source: WebsiteSource }) {
  if (source.status === 'queued' || source.status === 'importing')
    return (
      <Chip
        size="small"
        icon={<CircularProgress size={12} aria-hidden />}
        label={source.status === 'queued' ? 'Waiting to import' : 'Importing'}
      />
    );
  if (source.status === 'failed') return <Chip size="small" color="error" label="Import failed" />;
  return <Chip size="small" color="success" label="Imported" />;
}

const pageLabel: Record<
  WebsitePage['change'] | 'failed' | 'disallowed',
  { label: string; color: 'success' | 'info' | 'default' | 'error' | 'warning' }
> = {
  added: { label: 'Added', color: 'success' },
  changed: { label: 'Changed', color: 'info' },
  unchanged: { label: 'Unchanged', color: 'default' },
  removed: { label: 'Removed', color: 'warning' },
  none: { label: 'Imported', color: 'default' },
  failed: { label: 'Not read', color: 'error' },
  disallowed: { label: 'Skipped (robots.txt)', color: 'warning' },
};

function summaryText(source: WebsiteSource): string | null {
  const s = source.summary;
  if (!s) return null;
  const parts = [
    `${s.added} added`,
    `${s.changed} changed`,
    `${s.removed} removed`,
    `${s.unchanged} unchanged`,
    s.disallowed ? `${s.disallowed} skipped by robots.txt` : '',
    s.failed ? `${s.failed} not read` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

function SourceCard(props: {
  source: WebsiteSource;
  busy: boolean;
  onReimport: () => void;
  onSchedule: (schedule: WebsiteSchedule) => void;
  onRemove: () => void;
  onDiff: (page: WebsitePage) => void;
}) {
  const { source } = props;
  const [showPages, setShowPages] = useState(false);
  const pagesId = useId();
  const running = source.status === 'queued' || source.status === 'importing';
  const live = source.pages.filter((p) => p.status === 'ok').length;
  const summary = summaryText(source);
  return (
    <Card sx={{ p: 2 }} data-website={source.url}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Language color="primary" sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, overflowWrap: 'anywhere' }}>
            {source.url}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.75 }}
          >
            <SourceStatus source={source} />
            <Typography variant="body2" color="text.secondary">
              {source.kind === 'sitemap' ? 'Sitemap' : source.kind === 'page' ? 'Page' : 'Website'} ·{' '}
              {live === 1 ? '1 page in knowledge' : `${live} pages in knowledge`}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            Last import: {when(source.lastImport)}
            {source.nextImport ? ` · Next: ${when(source.nextImport)}` : ''}
          </Typography>
          {summary && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="website-summary">
              Changes: {summary}
            </Typography>
          )}
          {source.status === 'failed' && source.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {source.error}
            </Alert>
          )}
        </Box>
        <IconButton aria-label={`Remove ${source.url}`} onClick={props.onRemove}>
          <DeleteOutlined />
        </IconButton>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, ml: { sm: 4.5 } }}
      >
        <Button
          variant="outlined"
          startIcon={<Refresh />}
          disabled={running || props.busy}
          onClick={props.onReimport}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Re-import
        </Button>
        <TextField
          select
          size="small"
          label="Re-import automatically"
          value={source.schedule}
          onChange={(e) => props.onSchedule(e.target.value as WebsiteSchedule)}
          sx={{ width: { xs: '100%', sm: 240 }, flex: 'none' }}
        >
          {(Object.keys(scheduleLabel) as WebsiteSchedule[]).map((s) => (
            <MenuItem key={s} value={s}>
              {scheduleLabel[s]}
            </MenuItem>
          ))}
        </TextField>
        {source.pages.length > 0 && (
          <Button
            aria-expanded={showPages}
            aria-controls={pagesId}
            onClick={() => setShowPages((v) => !v)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {showPages ? 'Hide pages' : `Show pages (${source.pages.length})`}
          </Button>
        )}
      </Stack>
      <Collapse in={showPages} id={pagesId} unmountOnExit>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, ml: { sm: 4.5 } }}>
          {source.pages.map((page) => {
            const look =
              pageLabel[page.status === 'failed' || page.status === 'disallowed' ? page.status : page.change];
            return (
              <Box
                component="li"
                key={page.id}
                data-page={page.url}
                sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
              >
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 500, minWidth: 0 }}>{page.title || page.url}</Typography>
                  <Chip size="small" variant="outlined" color={look.color} label={look.label} />
                  {page.hasDiff && (
                    <Button size="small" onClick={() => props.onDiff(page)}>
                      Show changes
                    </Button>
                  )}
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {page.url} · read {when(page.fetched)}
                </Typography>
                {page.error && page.status !== 'ok' && (
                  <Typography variant="body2" color="error">
                    {page.error}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Stack>
      </Collapse>
    </Card>
  );
}

function ImportDialog(props: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onImport: (input: { url: string; schedule: WebsiteSchedule }) => Promise<void>;
}) {
  const [url, setUrl] = useState('');
  const [schedule, setSchedule] = useState<WebsiteSchedule>('weekly');
  const [error, setError] = useState('');
  const submit = async () => {
    if (!url.trim()) return setError(words.refused.invalidUrl);
    await props
      .onImport({ url: url.trim(), schedule })
      .then(() => setUrl(''))
      .catch(() => {});
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>Import from website</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Page or sitemap address"
            placeholder="https://yourshop.com/sitemap.xml"
            value={url}
            autoFocus
            inputMode="url"
            onChange={(e) => {
              setUrl(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || words.hint}
            slotProps={{ htmlInput: { maxLength: websiteImportLimits.urlMaxLength } }}
          />
          <TextField
            select
            label="Re-import automatically"
            value={schedule}
            onChange={(e) => setSchedule(e.target.value as WebsiteSchedule)}
          >
            {(Object.keys(scheduleLabel) as WebsiteSchedule[]).map((s) => (
              <MenuItem key={s} value={s}>
                {scheduleLabel[s]}
              </MenuItem>
            ))}
          </TextField>
          {props.error && <Alert severity="error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={props.busy} onClick={() => void submit()}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DiffDialog({ page, onClose }: { page: WebsitePage | null; onClose: () => void }) {
  const diff = usePageDiff(page?.id ?? null);
  return (
    <Dialog open={!!page} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>Changes to {page?.title || page?.url}</DialogTitle>
      <DialogContent>
        {diff.isLoading && <CircularProgress aria-label="Loading changes" />}
        {diff.error && <Alert severity="error">{(diff.error as Error).message}</Alert>}
        {diff.data && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Since the import before: {diff.data.added} {diff.data.added === 1 ? 'line' : 'lines'} added,{' '}
              {diff.data.removed} removed.
            </Typography>
            <Box
              component="ul"
              aria-label="Changed lines"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                fontSize: 14,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              {diff.data.lines.map((line, i) => (
                <Box
                  component="li"
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of one diff, in order, never reordered
                  key={i}
                  sx={{
                    px: 1.5,
                    py: 0.5,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    bgcolor: line.op === 'added' ? '#e6f4ea' : line.op === 'removed' ? '#fce8e6' : undefined,
                    color: line.op === 'skipped' ? 'text.secondary' : '#1f2328',
                    fontStyle: line.op === 'skipped' ? 'italic' : undefined,
                  }}
                >
                  {line.op === 'skipped' ? (
                    `… ${line.text} unchanged ${line.text === '1' ? 'line' : 'lines'}`
                  ) : (
                    <>
                      <Box component="span" aria-hidden sx={{ fontWeight: 700, mr: 1 }}>
                        {line.op === 'added' ? '+' : line.op === 'removed' ? '−' : ' '}
                      </Box>
                      <span className={hidden.hidden}>
                        {line.op === 'added' ? 'Added: ' : line.op === 'removed' ? 'Removed: ' : ''}
                      </span>
                      {line.text}
                    </>
                  )}
                </Box>
              ))}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
