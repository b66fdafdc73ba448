import type { Shop } from '@balas/contracts';
import { simulatorOf } from '@balas/contracts';
import type { SvgIconComponent } from '@mui/icons-material';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { countText, useInboxCounts } from '../../lib/realtime-counts.ts';

interface NavLink {
  to: string;
  label: string;
  icon: SvgIconComponent;
  /** Paths under which the link shows as the current page. */
  active: string[];
}

/**
 * The dashboard's pages, the Inbox first; the shop pages for the current shop, Vouchers only where
 * the shop turned that page on.
 */
export function navLinks(shop: Shop | null): NavLink[] {
  const forShop = (path: string) => (shop ? path : '/dashboard/shops');
  const simulator = simulatorOf(shop?.providerName);
  return [
    { to: '/inbox', label: 'Inbox', icon: InboxOutlined, active: ['/inbox'] },
    {
      to: '/dashboard/shops',
      label: 'Shops',
      icon: StorefrontOutlined,
      active: ['/dashboard/shops', '/dashboard/addshop'],
    },
    {
      to: forShop(`/dashboard/shops/knowledge?shopId=${shop?.id}`),
      label: 'Train Chatbot',
      icon: SchoolOutlined,
      active: [
        '/dashboard/shops/knowledge',
        '/dashboard/shops/train',
        '/dashboard/topic',
        '/dashboard/knowledge',
      ],
    },
    {
      to: forShop(`/dashboard/test/${simulator}?shopId=${shop?.id}`),
      label: 'Simulator',
      icon: ChatBubbleOutlineRounded,
      active: ['/dashboard/test'],
    },
    { to: '/insights', label: 'Insights', icon: InsightsOutlined, active: ['/insights'] },
    ...(shop?.config.vouchersEnabled
      ? [
          {
            to: `/dashboard/vouchers/${shop.id}`,
            label: 'Vouchers',
            icon: LocalOfferOutlined,
            active: ['/dashboard/vouchers'],
          },
        ]
      : []),
  ];
}

/** The most specific link whose paths contain the current page. */
function activeLink(links: NavLink[], pathname: string): NavLink | undefined {
  let best: { link: NavLink; length: number } | undefined;
  for (const link of links) {
    for (const path of link.active) {
      if ((pathname === path || pathname.startsWith(`${path}/`)) && path.length > (best?.length ?? -1)) {
        best = { link, length: path.length };
      }
    }
  }
  return best?.link;
}

export function SidebarLinks({ shop }: { shop: Shop | null }) {
  const { pathname } = useLocation();
  const links = navLinks(shop);
  const active = activeLink(links, pathname);
  const counts = useInboxCounts().data;
  return (
    <List sx={{ px: 1.5 }}>
      {links.map((link) => (
        <ListItem key={link.label} disablePadding sx={{ mb: 0.5 }}>
          <ListItemButton
            component={Link}
            to={link.to}
            selected={link === active}
            aria-current={link === active ? 'page' : undefined}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <link.icon />
            </ListItemIcon>
            <ListItemText primary={link.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
            {link.to === '/inbox' && counts && (
              <InboxBadges needsYou={counts.needsYou} unread={counts.unread} />
            )}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

const pill = {
  minWidth: 22,
  height: 22,
  px: 0.75,
  borderRadius: 11,
  fontSize: 12,
  fontWeight: 700,
  lineHeight: '22px',
  textAlign: 'center',
  ml: 0.5,
} as const;

/** "Needs you" (orange) and unread (grey) counts, each with its meaning for screen readers. */
export function InboxBadges({ needsYou, unread }: { needsYou: number; unread: number }) {
  return (
    <>
      {needsYou > 0 && (
        <Box
          component="span"
          sx={{ ...pill, bgcolor: 'warning.main', color: '#fff' }}
          aria-label={`${needsYou} need you`}
          role="img"
        >
          {countText(needsYou)}
        </Box>
      )}
      {unread > 0 && (
        <Box
          component="span"
          sx={{ ...pill, bgcolor: 'grey.200', color: 'text.primary' }}
          aria-label={`${unread} unread`}
          role="img"
        >
          {countText(unread)}
        </Box>
      )}
    </>
  );
}
