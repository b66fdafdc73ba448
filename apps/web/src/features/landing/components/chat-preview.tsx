import SmartToyRounded from '@mui/icons-material/SmartToyRounded';
import { Avatar, Box, Card, Chip, Stack, Typography } from '@mui/material';

const lines: { from: 'shopper' | 'bot'; text: string }[] = [
  { from: 'shopper', text: 'Hi, stroller ni ada stok lagi?' },
  { from: 'bot', text: 'Ada! Masih ada 12 unit. Penghantaran ke Klang Valley dalam 2 hari bekerja.' },
  { from: 'shopper', text: 'Can I pay by instalment?' },
  { from: 'bot', text: 'Yes, you can choose to pay in instalments at checkout.' },
];

/** A made-up conversation that shows what shoppers see. Decorative. */
export function ChatPreview() {
  return (
    <Card
      aria-hidden
      sx={{ borderRadius: 4, boxShadow: '0 30px 80px rgba(23,33,43,.12)', maxWidth: 440, mx: 'auto' }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', px: 2.5, py: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>
          <SmartToyRounded fontSize="small" />
        </Avatar>
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>Kedai Bayi Comel</Typography>
          <Typography variant="caption" color="text.secondary">
            Replies in seconds
          </Typography>
        </Box>
        <Chip size="small" label="AI" color="primary" />
      </Stack>
      <Stack spacing={1.5} sx={{ p: 2.5, bgcolor: '#f7f9fa' }}>
        {lines.map((line) => (
          <Box
            key={line.text}
            sx={{
              alignSelf: line.from === 'bot' ? 'flex-start' : 'flex-end',
              maxWidth: '82%',
              px: 1.75,
              py: 1.25,
              borderRadius: 3,
              fontSize: 14,
              lineHeight: 1.45,
              ...(line.from === 'bot'
                ? { bgcolor: '#fff', border: 1, borderColor: 'divider', borderBottomLeftRadius: 4 }
                : { bgcolor: 'primary.main', color: '#fff', borderBottomRightRadius: 4 }),
            }}
          >
            {line.text}
          </Box>
        ))}
      </Stack>
    </Card>
  );
}
