import {
  glossary,
  limits,
  messages,
  type Product,
  type ProductInfoRecord,
  productInfoLimits,
  type Shop,
} from '@balas/contracts';
import Close from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useProductInfo, useProductInfoMutations, useProductSearch } from '../api/products.ts';

/** Product information: step 1 pick products, step 2 add a question and its answer (spec §2). */
export function ProductsTab({ shop }: { shop: Shop }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [selected, setSelected] = useState<Product[]>([]);
  const [success, setSuccess] = useState(false);
  return (
    <Box>
      {step === 1 ? (
        <PickProducts shop={shop} selected={selected} setSelected={setSelected} onNext={() => setStep(2)} />
      ) : (
        <AddInfo
          shop={shop}
          selected={selected}
          onBack={() => setStep(1)}
          onDone={() => {
            setSuccess(true);
          }}
        />
      )}
      <Dialog open={success} onClose={() => setSuccess(false)}>
        <DialogContent>
          <Typography>{messages.knowledge.productInfoAdded}</Typography>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setSuccess(false);
              setSelected([]);
              setStep(1);
            }}
          >
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function PickProducts(props: {
  shop: Shop;
  selected: Product[];
  setSelected: (p: Product[]) => void;
  onNext: () => void;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(input.trim()), limits.productSearchDebounceMs);
    return () => clearTimeout(t);
  }, [input]);
  const results = useProductSearch(props.shop.id, search.length >= limits.productSearchMin ? search : '');
  const isSelected = (p: Product) => props.selected.some((s) => s.productId === p.productId);
  const toggle = (p: Product) =>
    props.setSelected(
      isSelected(p) ? props.selected.filter((s) => s.productId !== p.productId) : [...props.selected, p],
    );

  return (
    <Stack spacing={2}>
      <TextField
        label="Search products"
        placeholder="At least 3 characters"
        value={input}
        onChange={(e) => setInput(e.target.value)}
      />
      {results.isFetching && <CircularProgress size={24} />}
      {results.data?.length === 0 && (
        <Typography color="text.secondary">{messages.tables.noMatching}</Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
          gap: 1.5,
        }}
      >
        {results.data?.map((p) => (
          <Card
            key={p.productId}
            sx={{ borderColor: isSelected(p) ? 'primary.main' : 'divider', borderWidth: 2 }}
          >
            <CardActionArea
              onClick={() => toggle(p)}
              aria-pressed={isSelected(p)}
              sx={{ p: 1, height: '100%' }}
            >
              {p.productInfo.image && (
                <Box
                  component="img"
                  src={p.productInfo.image}
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1 }}
                />
              )}
              <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
                {p.productInfo.name}
              </Typography>
              {p.productInfo.price && (
                <Typography variant="caption" color="text.secondary">
                  {p.productInfo.currency} {p.productInfo.price}
                </Typography>
              )}
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {props.selected.length > 0 && (
        <Card>
          <CardContent>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              Selected products
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {props.selected.map((p) => (
                <Chip key={p.productId} label={p.productInfo.name} onDelete={() => toggle(p)} />
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
      <Box>
        <Button variant="contained" disabled={props.selected.length === 0} onClick={props.onNext}>
          Next
        </Button>
      </Box>
      <ExistingInfo shop={props.shop} />
    </Stack>
  );
}

const w = glossary.productInfo;
const TITLE_MAX = productInfoLimits.title;
const DESCRIPTION_MAX = productInfoLimits.description;

/** A field's hint, and how much of its limit is used, on one line. */
function HelperWithCounter({ hint, counter }: { hint: string; counter: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
      <span>{hint}</span>
      <Box component="span" sx={{ flex: 'none' }}>
        {counter}
      </Box>
    </Box>
  );
}

function AddInfo(props: { shop: Shop; selected: Product[]; onBack: () => void; onDone: () => void }) {
  const { add } = useProductInfoMutations(props.shop.id);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <TextField
            label={w.question}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            helperText={
              <HelperWithCounter hint={w.questionHint} counter={w.counter(title.length, TITLE_MAX)} />
            }
            slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
          />
          <TextField
            label={w.answer}
            multiline
            minRows={4}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            helperText={
              <HelperWithCounter
                hint={w.answerHint}
                counter={w.counter(description.length, DESCRIPTION_MAX)}
              />
            }
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {props.selected.map((p) => (
              <Chip key={p.productId} label={p.productInfo.name} />
            ))}
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          <Stack direction="row" spacing={2}>
            <Button onClick={props.onBack}>Back</Button>
            <Button
              variant="contained"
              disabled={!title.trim() || !description.trim() || add.isPending}
              onClick={async () => {
                setError(null);
                try {
                  await add.mutateAsync({
                    productId: props.selected.map((p) => p.productId),
                    additionalInfo: [{ title: title.trim(), description: description.trim() }],
                  });
                  setTitle('');
                  setDescription('');
                  props.onDone();
                } catch {
                  setError(messages.errors.addProductInfo);
                }
              }}
            >
              Confirm
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ExistingInfo({ shop }: { shop: Shop }) {
  const info = useProductInfo(shop.id);
  const [details, setDetails] = useState<ProductInfoRecord | null>(null);
  if (info.error) return <Alert severity="error">{messages.errors.productInfoList}</Alert>;
  if (!info.data?.length) return null;
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Product information
      </Typography>
      <Stack spacing={1.5}>
        {info.data.map((record) => {
          const first = record.additionalInfo[0];
          return (
            <Card key={record.id.join(',')}>
              <CardContent>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <Stack direction="row" spacing={1}>
                    {record.info
                      .flatMap((p) => (p.productInfo.image ? [p.productInfo.image] : []))
                      .slice(0, limits.productInfoImages)
                      .map((src) => (
                        <Box
                          key={src}
                          component="img"
                          src={src}
                          alt=""
                          width={56}
                          height={56}
                          loading="lazy"
                          sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
                        />
                      ))}
                  </Stack>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 700 }}>{first?.title}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {first?.description}
                    </Typography>
                    {record.additionalInfo.length > 1 && <Typography variant="body2">More..</Typography>}
                    <Typography variant="caption" color="text.secondary">
                      Updated: {format(new Date(record.updatedAt), 'd MMM y')}
                    </Typography>
                  </Box>
                  <Box>
                    <Button onClick={() => setDetails(record)}>Details</Button>
                  </Box>
                </Stack>
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {details && <DetailsDialog shop={shop} record={details} onClose={() => setDetails(null)} />}
    </Box>
  );
}

function DetailsDialog({
  shop,
  record,
  onClose,
}: {
  shop: Shop;
  record: ProductInfoRecord;
  onClose: () => void;
}) {
  const { removeAll, removeEntry, removeProduct } = useProductInfoMutations(shop.id);
  const infoIds = record.additionalInfo.map((e) => e.id);
  const done = async (p: Promise<unknown>) => {
    await p;
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Details</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Information
        </Typography>
        <Stack spacing={1} sx={{ mb: 2 }}>
          {record.additionalInfo.map((e) => (
            <Stack key={e.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{e.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {e.description}
                </Typography>
              </Box>
              <IconButton
                aria-label={`Remove ${e.title}`}
                onClick={() => done(removeEntry.mutateAsync(e.id))}
              >
                <Close />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Products
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {record.info.map((p) => (
            <Chip
              key={p.productId}
              label={p.productInfo.name}
              onDelete={() => done(removeProduct.mutateAsync({ infoIds, productId: p.productId }))}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => done(removeAll.mutateAsync(record.id))}>
          Remove all information for the following products
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
