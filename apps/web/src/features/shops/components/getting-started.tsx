import type { Shop, ShopOnboarding } from '@balas/contracts';
import { channelOf, simulatorOf } from '@balas/contracts';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { Alert, Box, Button, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUpdateShop } from '../api/update-shop.ts';

interface Step {
  title: string;
  text: string;
  done: boolean;
  action: ReactNode;
}

function StepMark({ n, done }: { n: number; done: boolean }) {
  return done ? (
    <CheckCircleRounded color="success" sx={{ fontSize: 32 }} aria-hidden />
  ) : (
    <Box
      aria-hidden
      sx={{
        width: 32,
        height: 32,
        flex: 'none',
        borderRadius: '50%',
        border: 2,
        borderColor: 'primary.main',
        color: 'primary.main',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
      }}
    >
      {n}
    </Box>
  );
}

/**
 * A new shop's chatbot is off (docs/spec-deviations.md): this card walks the merchant through train →
 * try in the simulator → turn on, each step's state always shown, until all three are done. Meanwhile
 * the shop team answers: chats wait below, website visitors are told the team will reply.
 */
export function GettingStarted({ shop, state }: { shop: Shop; state: ShopOnboarding }) {
  const update = useUpdateShop(shop.id);
  const q = `?shopId=${shop.id}`;
  const website = !channelOf(shop.providerName).marketplace;
  const botOn = shop.defaultBotStatus;
  if (state.trained && state.tested && botOn) return null;

  const steps: Step[] = [
    {
      title: 'Train your chatbot',
      text: 'Add a topic with what the bot should say, or upload a document such as your FAQ or returns policy.',
      done: state.trained,
      action: (
        <Button component={Link} to={`/dashboard/shops/knowledge${q}`} variant="outlined" size="small">
          Train Chatbot
        </Button>
      ),
    },
    {
      title: 'Try it in the simulator',
      text: 'Ask what your shoppers would ask and check the answers before anyone else sees them.',
      done: state.tested,
      action: (
        <Button
          component={Link}
          to={`/dashboard/test/${simulatorOf(shop.providerName)}${q}`}
          variant="outlined"
          size="small"
        >
          Open the simulator
        </Button>
      ),
    },
    {
      title: 'Turn the chatbot on',
      text: website
        ? 'Until then your team answers: visitors are told the shop team will reply, and their chats wait here.'
        : 'Until then your team answers: shoppers’ chats wait in the conversations here for your reply.',
      done: botOn,
      action: (
        <Button
          variant="contained"
          size="small"
          loading={update.isPending}
          onClick={() => update.mutate({ defaultBotStatus: true })}
        >
          Turn on
        </Button>
      ),
    },
  ];
  const next = steps.findIndex((s) => !s.done);
  return (
    <Card component="section" aria-labelledby="getting-started-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, mb: 2 }}
        >
          <Typography id="getting-started-title" variant="h6" component="h2">
            Get your chatbot ready
          </Typography>
          <MuiLink component={Link} to={`/dashboard/train${q}`} variant="body2">
            Build My Chatbot guide
          </MuiLink>
        </Stack>
        {botOn && !(state.trained && state.tested) && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Already answering shoppers, but not {state.trained ? 'tried' : 'trained'} yet: when the bot does
            not know the answer, it hands the chat to your team.
          </Alert>
        )}
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {steps.map((step, i) => (
            <Stack
              component="li"
              key={step.title}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
              aria-current={i === next ? 'step' : undefined}
            >
              <Stack direction="row" spacing={2} sx={{ flex: 1, alignItems: 'flex-start' }}>
                <StepMark n={i + 1} done={step.done} />
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>
                    {step.title}{' '}
                    <Typography
                      component="span"
                      variant="body2"
                      color={step.done ? 'success.main' : 'text.secondary'}
                    >
                      · {step.done ? 'Done' : 'To do'}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {step.text}
                  </Typography>
                </Box>
              </Stack>
              {!step.done && <Box sx={{ pl: { xs: 6, sm: 0 }, flex: 'none' }}>{step.action}</Box>}
            </Stack>
          ))}
        </Stack>
        {update.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {update.error.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
