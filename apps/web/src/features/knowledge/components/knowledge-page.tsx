import {
  acceptedUploadExtensions,
  glossary,
  type KnowledgeFile,
  limits,
  messages,
  type Shop,
} from '@balas/contracts';
import CloudUpload from '@mui/icons-material/CloudUpload';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Description from '@mui/icons-material/Description';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Snackbar,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { format } from 'date-fns';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openAuthorized } from '../../../lib/api-client.ts';
import { useCurrentShop } from '../../shops/hooks/current-shop.ts';
import { downloadPath, useFileMutations, useFiles } from '../api/files.ts';
import { ProductsTab } from './products-tab.tsx';
import { WebsiteTab } from './website-tab.tsx';

/** 'Manage Knowledge for Shop: {shop name}': General (files) and Products tabs. */
export function KnowledgePage() {
  const { shop, isLoading } = useCurrentShop();
  const [tab, setTab] = useState(0);
  if (isLoading) return null;
  if (!shop) return <Navigate to="/dashboard/shops" replace />;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: 24, sm: 32 } }}>
        Manage Knowledge for Shop: {shop.addInformation.name}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label="General" />
        <Tab label="Products" />
        <Tab label="Website" />
      </Tabs>
      {tab === 0 ? (
        <FilesTab shop={shop} />
      ) : tab === 1 ? (
        <ProductsTab shop={shop} />
      ) : (
        <WebsiteTab shop={shop} />
      )}
    </Box>
  );
}

const g = glossary;

function FilesTab({ shop }: { shop: Shop }) {
  const files = useFiles(shop.id);
  const { upload, remove } = useFileMutations(shop.id);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<KnowledgeFile | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}
      >
        <Typography color="text.secondary">{g.files.intro}</Typography>
        <Button
          variant="contained"
          startIcon={<CloudUpload />}
          onClick={() => setOpen(true)}
          sx={{ flex: 'none', whiteSpace: 'nowrap' }}
        >
          {g.files.add}
        </Button>
      </Stack>
      {files.error && <Alert severity="error">{(files.error as Error).message}</Alert>}
      {files.data?.length === 0 && (
        <Card sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {g.files.empty}
          </Typography>
          <Typography color="text.secondary">{g.files.emptyHint}</Typography>
        </Card>
      )}
      <Stack spacing={1.5}>
        {files.data?.map((file) => (
          <Card key={file.id} data-file={file.fileName}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <CardActionArea
                aria-label={`Download ${file.fileName || messages.knowledge.noFileName}`}
                sx={{ p: 2, flex: 1, minWidth: 0, display: 'flex', justifyContent: 'flex-start', gap: 2 }}
                onClick={() =>
                  openAuthorized(downloadPath(file.id), file.fileName, 'save').catch((e: Error) =>
                    setNotice(e.message),
                  )
                }
              >
                <Description color="primary" />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 600 }} noWrap>
                    {file.fileName || messages.knowledge.noFileName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {g.fileSize(file.size)} · {format(new Date(file.created), 'd MMM y')}
                  </Typography>
                  <Box sx={{ mt: 0.75 }}>
                    <FileStatus file={file} />
                  </Box>
                  {file.status === 'processing' && (
                    <LinearProgress
                      variant="determinate"
                      value={file.progress}
                      sx={{ mt: 1, maxWidth: 240 }}
                      aria-label="Processing"
                    />
                  )}
                  {file.status === 'failed' && (
                    <Typography variant="body2" color="error">
                      {file.error}
                    </Typography>
                  )}
                </Box>
              </CardActionArea>
              <IconButton
                aria-label={`Delete ${file.fileName}`}
                sx={{ mx: 1 }}
                onClick={() => setDeleting(file)}
              >
                <DeleteOutlined />
              </IconButton>
            </Stack>
          </Card>
        ))}
      </Stack>
      <UploadDialog
        open={open}
        busy={upload.isPending}
        error={upload.error ? (upload.error as Error).message : null}
        onClose={() => {
          upload.reset();
          setOpen(false);
        }}
        onUpload={async (list) => {
          await upload.mutateAsync(list);
          setOpen(false);
          setNotice(messages.knowledge.uploaded);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        message={messages.knowledge.deleteConfirm}
        confirmLabel="Remove"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id).catch((e: Error) => setNotice(e.message));
          setDeleting(null);
        }}
      />
      <Snackbar open={!!notice} autoHideDuration={3000} onClose={() => setNotice(null)} message={notice} />
    </Box>
  );
}

function FileStatus({ file }: { file: KnowledgeFile }) {
  if (file.status === 'ready')
    return <Chip size="small" color="success" label={g.passages(file.chunkCount)} />;
  if (file.status === 'failed') return <Chip size="small" color="error" label="Failed" />;
  return <Chip size="small" label="Processing" />;
}

function UploadDialog(props: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onUpload: (files: File[]) => Promise<void>;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState('');
  // What the server would refuse, said before anything is sent.
  const tooLarge = (f: File) => f.size > limits.uploadMaxBytes;
  const refused = files.some(tooLarge)
    ? g.files.tooLarge
    : files.length > limits.uploadMaxFiles
      ? g.files.tooMany(limits.uploadMaxFiles)
      : null;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>Add Knowledge Document</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Button variant="outlined" component="label" startIcon={<CloudUpload />}>
            Choose files
            <input
              hidden
              type="file"
              multiple
              aria-label="Knowledge file"
              accept={acceptedUploadExtensions.join(',')}
              onChange={(e) => {
                setFiles(Array.from(e.target.files ?? []));
                setError('');
              }}
            />
          </Button>
          {files.map((f) => (
            <Typography key={f.name} variant="body2" color={tooLarge(f) ? 'error' : undefined}>
              {f.name} ({g.fileSize(f.size)}){tooLarge(f) ? ` · ${g.files.tooLarge}` : ''}
            </Typography>
          ))}
          <Typography variant="body2" color="text.secondary">
            {messages.knowledge.hint}
          </Typography>
          {(error || refused || props.error) && (
            <Alert severity="error">{error || refused || props.error}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={props.busy || !!refused}
          onClick={async () => {
            if (files.length === 0) return setError(messages.validation.uploadFile);
            await props.onUpload(files).catch(() => {});
            setFiles([]);
          }}
        >
          Upload File
        </Button>
      </DialogActions>
    </Dialog>
  );
}
