import type { Shop } from '@balas/contracts';
import AddRounded from '@mui/icons-material/AddRounded?plain';
import { useId } from 'react';
import { Link } from 'react-router';
import { ProviderAvatar, providerLabel } from '../../features/shops/components/provider-badge.tsx';
import { selectShop } from '../../features/shops/hooks/current-shop.ts';
import { shopPath } from '../../features/shops/shop-path.ts';
import { useInboxCounts } from '../../lib/realtime-counts.ts';
import css from './sidebar.module.css';
import { InboxBadges } from './sidebar-links.tsx';

/** The merchant's shops: a click makes the shop current and opens it. */
export function SidebarShops({
  shops,
  current,
  loading,
}: {
  shops: Shop[];
  current: Shop | null;
  loading: boolean;
}) {
  const counts = useInboxCounts().data?.shops;
  const heading = useId();
  return (
    <>
      <div id={heading} className={css.heading}>
        Your shops
      </div>
      <ul className={css.list} data-dense aria-labelledby={heading}>
        {loading && (
          <li aria-busy="true">
            <div className={css.skeleton} />
          </li>
        )}
        {shops.map((shop) => (
          <li key={shop.id}>
            <Link
              to={shopPath(shop)}
              className={css.item}
              aria-current={shop.id === current?.id ? 'true' : undefined}
              onClick={() => selectShop(shop.id)}
            >
              <span className={css.itemIcon}>
                <ProviderAvatar provider={shop.providerName} size={28} />
              </span>
              <span className={css.itemText}>
                <span>{shop.addInformation.name}</span>
                <span className={css.secondary}>{providerLabel(shop.providerName)}</span>
              </span>
              {counts?.map((c) =>
                c.shopId === shop.id ? (
                  <InboxBadges key={c.shopId} needsYou={c.needsYou} unread={c.unread} />
                ) : null,
              )}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/dashboard/addshop" className={`${css.item} ${css.add}`}>
            <span className={css.itemIcon}>
              <AddRounded />
            </span>
            <span className={css.itemText}>Add Shop</span>
          </Link>
        </li>
      </ul>
    </>
  );
}
