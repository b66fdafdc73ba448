import { glossary, messages, type Shop, testWords } from '@balas/contracts';
import Refresh from '@mui/icons-material/Refresh';
import Send from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { productQuery } from '../../inbox/api/orders.ts';
import { CorrectThisButton } from '../../tests/components/correct-this-button.tsx';
import { SaveAsTestButton } from '../../tests/components/save-as-test-button.tsx';
import { randomConversation, type SimulatorAnswer, useAsk } from '../api/simulator.ts';

// The chat's product cards, as their own chunk: shown under an answer drawn from products.
const MessageCards = lazy(() =>
  import('../../inbox/components/cards/message-cards.tsx').then((m) => ({ default: m.MessageCards })),
);

interface Turn {
  id: number;
  question: string;
  answer?: SimulatorAnswer;
  failed?: boolean;
}

/** 'Chatbot Simulator for Shop: {shop name}': ask as a shopper, see the answer, its sources and confidence. */
export function ShopSimulator({ shop }: { shop: Shop }) {
  const ask = useAsk();
  const [conversation, setConversation] = useState(randomConversation);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new turn
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [turns]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const question = text.trim();
    if (!question) return;
    setText('');
    setTurns((t) => [...t, { id: Date.now(), question }]);
    try {
      const answer = await ask.mutateAsync({ question, shopId: shop.id, conversation });
      setTurns((t) => t.map((turn, i) => (i === t.length - 1 ? { ...turn, answer } : turn)));
    } catch {
      setTurns((t) => t.map((turn, i) => (i === t.length - 1 ? { ...turn, failed: true } : turn)));
    }
  };

  return (
    <Box sx={{ maxWidth: 860 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, fontSize: { xs: 24, sm: 32 } }}>
          Chatbot Simulator for Shop: {shop.addInformation.name}
        </Typography>
        <Tooltip title="New conversation">
          <IconButton
            aria-label="New conversation"
            onClick={() => {
              setTurns([]);
              setConversation(randomConversation());
            }}
          >
            <Refresh />
          </IconButton>
        </Tooltip>
      </Stack>
      <Card>
        <CardContent
          sx={{ minHeight: 360, maxHeight: '60vh', overflowY: 'auto' }}
          role="log"
          aria-label="Simulator conversation"
        >
          {turns.length === 0 && (
            <Typography color="text.secondary">
              Ask a question as a shopper would, for example “how many days to deliver to Penang?”. Nothing is
              sent to your shop.
            </Typography>
          )}
          <Stack spacing={1.5}>
            {turns.map((turn) => (
              <Box key={turn.id}>
                <Box
                  sx={{
                    ml: 'auto',
                    maxWidth: '80%',
                    width: 'fit-content',
                    bgcolor: 'primary.main',
                    color: '#fff',
                    px: 1.5,
                    py: 1,
                    borderRadius: 2.5,
                  }}
                >
                  {turn.question}
                </Box>
                {turn.failed && (
                  <Alert severity="error" sx={{ mt: 1, maxWidth: '80%' }}>
                    {messages.errors.simulator}
                  </Alert>
                )}
                {turn.answer && <AnswerBubble answer={turn.answer} shop={shop} question={turn.question} />}
              </Box>
            ))}
            {ask.isPending && <Typography color="text.secondary">…</Typography>}
          </Stack>
          <div ref={end} />
        </CardContent>
        <Box
          component="form"
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <TextField
            size="small"
            placeholder={messages.chat.placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { 'aria-label': 'Question', maxLength: 2000 } }}
          />
          <Button
            type="submit"
            variant="contained"
            endIcon={<Send />}
            disabled={!text.trim() || ask.isPending}
          >
            Ask
          </Button>
        </Box>
      </Card>
    </Box>
  );
}

type Source = SimulatorAnswer['sources'][number];

/** A product source names its product by its id (the engine's): a catalogue product id, or none. */
const productIdOf = (s: Source) => (s.kind === 'product' && /^\d{1,20}$/.test(s.name) ? s.name : null);

/** The products an answer was drawn from. */
const productsOf = (answer: SimulatorAnswer) => [
  ...new Set(answer.sources.map(productIdOf).filter((id): id is string => id !== null)),
];

/**
 * Where an answer came from, in the merchant's words: a topic or a file by its name, a product by the
 * name the shop's catalogue gives it (the lookup the product cards below make), never by its id.
 */
function SourceChip({ source, shop }: { source: Source; shop: Shop }) {
  const productId = productIdOf(source);
  const product = useQuery({ ...productQuery(shop, productId ?? ''), enabled: productId !== null });
  const name = product.data?.product?.name ?? null;
  // The product's own description has the product's id; an entry of product information its own.
  const label =
    source.kind === 'approved'
      ? testWords.approvedSource
      : source.kind === 'topic'
        ? glossary.sources.topic(source.name)
        : source.kind === 'file'
          ? glossary.sources.file(source.name)
          : source.id === source.name
            ? glossary.sources.product(name)
            : glossary.sources.productInfo(name);
  return (
    <Tooltip title={source.excerpt} describeChild>
      <Chip size="small" variant="outlined" color="primary" label={label} sx={{ maxWidth: '100%' }} />
    </Tooltip>
  );
}

/** How sure the bot is, in words; what that means on hover or focus. */
function ConfidenceChip({ confidence }: { confidence: number }) {
  const { label, hint } = glossary.confidence(confidence);
  return (
    <Tooltip title={hint} describeChild>
      <Chip size="small" label={label} tabIndex={0} data-testid="confidence" />
    </Tooltip>
  );
}

function AnswerBubble({ answer, shop, question }: { answer: SimulatorAnswer; shop: Shop; question: string }) {
  const products = productsOf(answer).slice(0, 3);
  return (
    <Box sx={{ mt: 1, maxWidth: '85%' }}>
      <Box
        sx={{ bgcolor: '#e3f5ec', px: 1.5, py: 1, borderRadius: 2.5, whiteSpace: 'pre-wrap' }}
        data-testid="simulator-answer"
      >
        {answer.result}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5, alignItems: 'center' }}>
        <ConfidenceChip confidence={answer.confidence} />
        <Chip size="small" label={answer.language.toUpperCase()} variant="outlined" />
        {answer.handover && (
          <Chip
            size="small"
            color="warning"
            label={`Hands over to your team: ${glossary.handover[answer.handover.reason] ?? answer.handover.text}`}
          />
        )}
        {answer.sources.slice(0, 3).map((s) => (
          <SourceChip key={`${s.kind}:${s.id}`} source={s} shop={shop} />
        ))}
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
        <SaveAsTestButton shopId={shop.id} question={question} handedOver={answer.handover !== null} />
        <CorrectThisButton shopId={shop.id} question={question} reply={answer.result} />
      </Stack>
      {products.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Suspense fallback={null}>
            <MessageCards shop={shop} refs={products.map((id) => ({ kind: 'product' as const, id }))} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
