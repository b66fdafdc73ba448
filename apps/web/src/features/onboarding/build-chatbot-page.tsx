import { simulatorOf } from '@balas/contracts';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import School from '@mui/icons-material/School';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useCurrentShop } from '../shops/hooks/current-shop.ts';

/** /dashboard/train: 'Build My Chatbot', the three steps of training, or 'Register Later'. */
export function BuildChatbotPage() {
  const { shop } = useCurrentShop();
  const q = shop ? `?shopId=${shop.id}` : '';
  const steps = [
    {
      icon: School,
      title: 'Add topics',
      text: 'Name what shoppers ask about and what the bot should say.',
      to: `/dashboard/shops/knowledge${q}`,
    },
    {
      icon: UploadFile,
      title: 'Upload documents',
      text: 'Policies, FAQs, size charts: PDF, Word, text, CSV or JSON.',
      to: `/dashboard/knowledge${q}`,
    },
    {
      icon: ChatBubbleOutlineOutlined,
      title: 'Try it',
      text: 'Ask the simulator what your shoppers would ask.',
      to: `/dashboard/test/${simulatorOf(shop?.providerName)}${q}`,
    },
  ];
  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="h4" component="h1">
        Build My Chatbot
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Three short steps, about five minutes. You can come back to any of them later.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 3 }}>
        {steps.map(({ icon: Icon, title, text, to }, i) => (
          <Card key={title}>
            <CardContent>
              <Icon color="primary" sx={{ fontSize: 36 }} />
              <Typography variant="h6" component="h2">
                {i + 1}. {title}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {text}
              </Typography>
              <Button component={Link} to={to} variant="outlined" disabled={!shop}>
                Start
              </Button>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">Not now?</Typography>
        <Button component={Link} to="/dashboard/skip">
          Register Later
        </Button>
      </Stack>
    </Box>
  );
}

/** /dashboard/skip: training postponed. */
export function SkipPage() {
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: 4 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          No problem, train your bot later
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Until it is trained, keep the chatbot switched off on your shops: shoppers’ chats still appear in
          your inbox and you can reply to them yourself.
        </Typography>
        <Button component={Link} to="/dashboard/shops" variant="contained">
          Go to my shops
        </Button>
      </CardContent>
    </Card>
  );
}
