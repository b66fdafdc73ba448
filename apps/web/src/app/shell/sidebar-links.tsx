import type { Shop } from '@balas/contracts';
import { simulatorOf } from '@balas/contracts';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded?plain';
import InboxOutlined from '@mui/icons-material/InboxOutlined?plain';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined?plain';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined?plain';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined?plain';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined?plain';
import { Link, useLocation } from 'react-router';
import type { PlainIcon } from '../../components/plain-icon/plain-icon.tsx';
import { countText, useInboxCounts } from '../../lib/realtime-counts.ts';
import css from './sidebar.module.css';

interface NavLink {
  to: string;
  label: string;
  icon: PlainIcon;
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
    <ul className={css.list}>
      {links.map((link) => (
        <li key={link.label}>
          <Link to={link.to} className={css.item} aria-current={link === active ? 'page' : undefined}>
            <span className={css.itemIcon}>
              <link.icon />
            </span>
            <span className={css.itemText}>{link.label}</span>
            {link.to === '/inbox' && counts && (
              <InboxBadges needsYou={counts.needsYou} unread={counts.unread} />
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "Needs you" (orange) and unread (grey) counts, each with its meaning for screen readers. */
export function InboxBadges({ needsYou, unread }: { needsYou: number; unread: number }) {
  return (
    <>
      {needsYou > 0 && (
        <span className={`${css.pill} ${css.needsYou}`} aria-label={`${needsYou} need you`} role="img">
          {countText(needsYou)}
        </span>
      )}
      {unread > 0 && (
        <span className={`${css.pill} ${css.unread}`} aria-label={`${unread} unread`} role="img">
          {countText(unread)}
        </span>
      )}
    </>
  );
}
