import {
  draftWords,
  type InboxRow,
  type InboxView,
  inboxViews,
  inboxWords,
  limits,
  messages,
  providers,
} from '@balas/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack?plain';
import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded?plain';
import EditNoteRounded from '@mui/icons-material/EditNoteRounded?plain';
import ForumOutlined from '@mui/icons-material/ForumOutlined?plain';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded?plain';
import TimerOutlined from '@mui/icons-material/TimerOutlined?plain';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { IconButton, TextButton } from '../../../../components/buttons/buttons.tsx';
import { FilterSelect } from '../../../../components/filter-select/filter-select.tsx';
import { Hint } from '../../../../components/hint/hint.tsx';
import { lazyMui } from '../../../../components/mui-scope/lazy-mui.ts';
import { SearchField } from '../../../../components/search-field/search-field.tsx';
import { useMediaQuery, widthFrom } from '../../../../lib/media-query.ts';
import { useOpenedOnce } from '../../../../lib/opened-once.ts';
import { countText, useInboxCounts } from '../../../../lib/realtime-counts.ts';
import { useShops } from '../../../shops/api/get-shops.ts';
import { providerLabel } from '../../../shops/components/provider-badge.tsx';
import {
  defaultInboxView,
  type InboxFilter,
  inboxAddressOf,
  useInboxList,
  useInboxRow,
} from '../../api/inbox.ts';
import { InboxList } from './inbox-list.tsx';
import css from './inbox-page.module.css';

// What the list's first paint does not need is fetched when first wanted (a phone parses every byte it
// loads before the list can answer a tap): the open chat (the /chat page's chunk) and the dialogs,
// drawn with MUI, which comes with the first of them.
const ChatView = lazyMui(() => import('../chat-page.tsx').then((m) => m.ChatView));
const SavedRepliesDialog = lazyMui(() =>
  import('../saved-replies/saved-replies-dialog.tsx').then((m) => m.SavedRepliesDialog),
);
const AlertsDialog = lazyMui(() => import('./alerts-dialog.tsx').then((m) => m.AlertsDialog));
const DraftModesDialog = lazyMui(() =>
  import('../../../drafts/components/draft-modes-dialog.tsx').then((m) => m.DraftModesDialog),
);
const ResponseWindowsDialog = lazyMui(() =>
  import('./response-windows-dialog.tsx').then((m) => m.ResponseWindowsDialog),
);

const views = inboxViews;

/** A ref that always holds the latest value (for effects that must not re-run when it changes). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** The Inbox's state lives in its address, so a view, a filter or an open chat can be linked and kept on reload. */
function useInboxAddress() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace },
    );
  return {
    ...inboxAddressOf(params),
    open: params.get('c'),
    params,
    set,
  };
}

/** /inbox: every conversation of the merchant's shops, what needs them first; the chat beside it. */
export function InboxPage() {
  const counts = useInboxCounts();
  const address = useInboxAddress();
  // Without a chosen view: "Needs you" when something does, else everything.
  const setAddress = useLatest(address.set);
  const needsYou = counts.data?.needsYou;
  useEffect(() => {
    if (!address.view && needsYou !== undefined)
      setAddress.current({ view: defaultInboxView(needsYou) }, true);
  }, [address.view, needsYou, setAddress]);
  if (!address.view) return counts.isError ? <Navigate to="/inbox?view=all" replace /> : null;
  return <Inbox view={address.view} address={address} />;
}

function Inbox({ view, address }: { view: InboxView; address: ReturnType<typeof useInboxAddress> }) {
  const desktop = useMediaQuery(widthFrom('md'));
  const shops = useShops();
  const counts = useInboxCounts().data;
  const [search, setSearch] = useState(address.q);
  const [managing, setManaging] = useState(false);
  const [alerts, setAlerts] = useState(false);
  const [windows, setWindows] = useState(false);
  const managingMounted = useOpenedOnce(managing);
  const alertsMounted = useOpenedOnce(alerts);
  const windowsMounted = useOpenedOnce(windows);
  const [drafting, setDrafting] = useState(false);
  const draftingMounted = useOpenedOnce(drafting);
  const filter: InboxFilter = { view, shopId: address.shopId, channel: address.channel, q: address.q };
  const list = useInboxList(filter);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];

  // Search as the merchant types, once the text is long enough.
  const setAddress = useLatest(address.set);
  useEffect(() => {
    const text = search.trim();
    if (text === address.q || (text.length > 0 && text.length < limits.inbox.searchMin)) return;
    const timer = setTimeout(() => setAddress.current({ q: text || null }, true), 300);
    return () => clearTimeout(timer);
  }, [search, address.q, setAddress]);
  const searchHint = search.trim().length > 0 && search.trim().length < limits.inbox.searchMin;

  const openId = address.open;
  const listed = openId ? rows.find((r) => r.id === openId) : undefined;
  const cached = useInboxRow(openId ?? '', listed);
  const openRow = listed ?? cached.data ?? undefined;
  const openShop = openRow ? shops.data?.find((s) => s.id === openRow.shopId) : undefined;

  const hrefOf = (row: InboxRow) => {
    const next = new URLSearchParams(address.params);
    next.set('c', row.id);
    return `/inbox?${next}`;
  };
  const close = () => address.set({ c: null });

  const chat =
    openRow && openShop ? (
      <Suspense fallback={null}>
        <ChatView
          key={openRow.id}
          shop={openShop}
          conversation={openRow.externalId}
          name={openRow.shopperName || openRow.externalId}
          subtitle={`${openRow.shopName} · ${providerLabel(openRow.channel)}`}
          row={openRow}
          embedded
          leading={
            desktop ? undefined : (
              <IconButton aria-label={inboxWords.back} onClick={close}>
                <ArrowBack />
              </IconButton>
            )
          }
        />
      </Suspense>
    ) : null;

  const listPane = (
    <div className={css.pane}>
      <div role="tablist" aria-label="Views" className={css.views}>
        {views.map((v) => {
          const count = counts?.[v === 'needs_you' ? 'needsYou' : v];
          return (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={v === view}
              className={css.view}
              onClick={() => address.set({ view: v })}
            >
              <span className={css.label}>
                {count ? `${inboxWords.views[v]} · ${countText(count)}` : inboxWords.views[v]}
              </span>
            </button>
          );
        })}
      </div>
      <div className={css.filters}>
        <SearchField
          label={inboxWords.searchLabel}
          value={search}
          onChange={setSearch}
          helperText={searchHint ? messages.inbox.searchTooShort : undefined}
          maxLength={limits.inbox.searchMax}
        />
        <div className={css.filterRow}>
          <FilterSelect
            className={css.filter}
            label="Shop"
            value={address.shopId}
            options={[
              { value: '', label: inboxWords.allShops },
              ...(shops.data ?? []).map((s) => ({ value: s.id, label: s.addInformation.name })),
            ]}
            onChange={(shop) => address.set({ shop: shop || null })}
          />
          <FilterSelect
            className={css.filter}
            label="Channel"
            value={address.channel}
            options={[
              { value: '', label: inboxWords.allChannels },
              ...providers.map((p) => ({ value: p, label: providerLabel(p) })),
            ]}
            onChange={(channel) => address.set({ channel: channel || null })}
          />
        </div>
      </div>
      <InboxList
        list={list}
        emptyText={address.q ? inboxWords.noMatch : inboxWords.emptyView[view]}
        hrefOf={hrefOf}
        selectedId={openId}
      />
    </div>
  );

  return (
    <div className={css.page}>
      <div className={css.header}>
        <h1 className={css.title}>{inboxWords.title}</h1>
        <Hint title={draftWords.settingsTitle}>
          <IconButton aria-label={draftWords.settingsTitle} onClick={() => setDrafting(true)}>
            <EditNoteRounded />
          </IconButton>
        </Hint>
        <Hint title={inboxWords.windows.title}>
          <IconButton aria-label={inboxWords.windows.title} onClick={() => setWindows(true)}>
            <TimerOutlined />
          </IconButton>
        </Hint>
        <Hint title={inboxWords.alerts.title}>
          <IconButton aria-label={inboxWords.alerts.title} onClick={() => setAlerts(true)}>
            <NotificationsNoneRounded />
          </IconButton>
        </Hint>
        <Hint title={inboxWords.savedReplies.manage}>
          {/* On a phone its words would wrap beside the title: an icon as the others. */}
          {desktop ? (
            <TextButton primary icon={<BookmarkBorderRounded />} onClick={() => setManaging(true)}>
              {inboxWords.savedReplies.title}
            </TextButton>
          ) : (
            <IconButton aria-label={inboxWords.savedReplies.title} onClick={() => setManaging(true)}>
              <BookmarkBorderRounded />
            </IconButton>
          )}
        </Hint>
      </div>
      <div className={css.panes}>
        {listPane}
        {desktop && (
          <div className={css.chatPane}>
            {chat ?? (
              <div className={css.pick}>
                <ForumOutlined style={{ fontSize: 48 }} />
                <p>{inboxWords.pickConversation}</p>
              </div>
            )}
          </div>
        )}
      </div>
      {!desktop && chat && (
        <div role="dialog" aria-label={openRow?.shopperName} className={css.chatSheet}>
          {chat}
        </div>
      )}
      <Suspense fallback={null}>
        {managingMounted && <SavedRepliesDialog open={managing} onClose={() => setManaging(false)} />}
        {alertsMounted && <AlertsDialog open={alerts} onClose={() => setAlerts(false)} />}
        {draftingMounted && <DraftModesDialog open={drafting} onClose={() => setDrafting(false)} />}
        {windowsMounted && (
          <ResponseWindowsDialog open={windows} onClose={() => setWindows(false)} shops={shops.data ?? []} />
        )}
      </Suspense>
    </div>
  );
}
