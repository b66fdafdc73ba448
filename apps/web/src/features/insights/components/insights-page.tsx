import { type InsightsOverview, insightsMessages, insightsPresets, responseWindowOf } from '@balas/contracts';
import Download from '@mui/icons-material/Download';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { Alert, Button, LinearProgress, Skeleton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FilterSelect } from '../../../components/filter-select/filter-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ToggleGroup } from '../../../components/toggle-group/toggle-group.tsx';
import { apiUrl, openAuthorized } from '../../../lib/api-client.ts';
import { useShops } from '../../shops/api/get-shops.ts';
import { ApprovedFigure } from '../../tests/components/approved-figure.tsx';
import { type InsightsFilter, insightsFilterOf, insightsParams, useInsights } from '../api/insights.ts';
import { BusiestHours } from './busiest-hours.tsx';
import { chartColors, FigureCard, type Series } from './figure-card.tsx';
import { change, count, duration, percent, shortDate } from './format.ts';
import css from './insights-page.module.css';
import { KnowledgeGaps } from './knowledge-gaps.tsx';
import { RatingsFigure } from './ratings-figure.tsx';

// The custom period's date fields, loaded when "Custom" is chosen.
const CustomPeriodForm = lazy(() =>
  import('./custom-period-form.tsx').then((m) => ({ default: m.CustomPeriodForm })),
);

const d = insightsMessages.definitions;
const details = insightsMessages.details;
const PRESET_LABELS: Record<(typeof insightsPresets)[number], string> = {
  1: 'Today',
  7: '7 days',
  30: '30 days',
  90: '90 days',
};
type Period = number | 'custom';

function useFilter(): [InsightsFilter, (next: Partial<InsightsFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = insightsFilterOf(params);
  const update = (next: Partial<InsightsFilter>) => {
    const merged = { ...filter, ...next };
    const out = new URLSearchParams();
    if (merged.shopId) out.set('shopId', merged.shopId);
    if (merged.days) out.set('days', String(merged.days));
    else {
      out.set('from', merged.from);
      out.set('to', merged.to);
    }
    setParams(out, { replace: true });
  };
  return [filter, update];
}

const ratioSeries = (parts: number[], wholes: number[]) =>
  parts.map((p, i) => (wholes[i] ? p / wholes[i]! : null));

/** /insights: how the bot and the team are doing, for all shops or one, and what the bot does not know yet. */
export function InsightsPage() {
  const [filter, setFilter] = useFilter();
  const shops = useShops();
  const insights = useInsights(filter);
  const [customOpen, setCustomOpen] = useState(!filter.days);
  const [exportError, setExportError] = useState<string | null>(null);

  const data = insights.data;
  const noShops = shops.isSuccess && shops.data.length === 0;
  const exportCsv = () => {
    setExportError(null);
    const path = apiUrl('/insights/export', insightsParams(filter)).slice('/api'.length);
    openAuthorized(path, 'insights.csv', 'save').catch((e: Error) => setExportError(e.message));
  };

  return (
    <div>
      <PageHeader
        title={insightsMessages.title}
        subtitle={
          data
            ? `${shortDate(data.period.from)} – ${shortDate(data.period.to)}, compared with ${shortDate(data.previousPeriod.from)} – ${shortDate(data.previousPeriod.to)}`
            : 'How the bot and your team are doing'
        }
        actions={
          <Button variant="outlined" startIcon={<Download />} onClick={exportCsv} disabled={noShops}>
            Export CSV
          </Button>
        }
      />
      <div className={css.filters}>
        <FilterSelect
          className={css.shop}
          label="Shop"
          value={filter.shopId}
          options={[
            { value: '', label: 'All shops' },
            ...(shops.data ?? []).map((s) => ({ value: s.id, label: s.addInformation.name })),
          ]}
          onChange={(shopId) => setFilter({ shopId })}
        />
        <ToggleGroup<Period>
          label="Period"
          value={customOpen ? 'custom' : (filter.days ?? undefined)}
          options={[
            ...insightsPresets.map((n) => ({ value: n, label: PRESET_LABELS[n] })),
            { value: 'custom' as const, label: 'Custom' },
          ]}
          onChange={(value) => {
            if (value === 'custom') setCustomOpen(true);
            else {
              setCustomOpen(false);
              setFilter({ days: value });
            }
          }}
        />
        {customOpen && (
          <Suspense fallback={null}>
            <CustomPeriodForm
              initial={{ from: filter.from, to: filter.to }}
              onApply={(period) => setFilter({ days: null, ...period })}
            />
          </Suspense>
        )}
      </div>
      {exportError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {exportError}
        </Alert>
      )}
      {insights.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {insights.error.message}
        </Alert>
      )}
      {noShops ? (
        <EmptyState icon={<InsightsOutlined />} title="No shops yet" text={insightsMessages.noShops} />
      ) : (
        <>
          {data && insights.isFetching && <LinearProgress aria-label="Updating" sx={{ mb: 1 }} />}
          {/* Needs no data, so it is drawn with the first paint (and the prerendered frame), not after the figures. */}
          <p className={css.intro}>{d.chat}</p>
          {data ? (
            <>
              <Figures data={data} />
              <ApprovedFigure shopId={filter.shopId} days={filter.days ?? 30} />
              <RatingsFigure filter={filter} />
            </>
          ) : (
            <div className={css.loading}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} variant="rounded" height={320} />
              ))}
            </div>
          )}
        </>
      )}
      {!noShops && <KnowledgeGaps shopId={filter.shopId} shops={shops.data ?? []} />}
    </div>
  );
}

function Figures({ data }: { data: InsightsOverview }) {
  const { current: c, previous: p, daily, previousDaily } = data;
  const dates = daily.map((x) => x.date);
  const previous = (values: (number | null)[]) => values.slice(0, dates.length);
  const none = c.chats === 0;
  const emptyChats = 'Chats will appear here as soon as shoppers write to your shops in this period.';
  const windowRules = [...new Set(data.shops.map((s) => responseWindowOf(s.provider)?.summary))]
    .filter((rule) => rule !== undefined)
    .join(' ');

  const chatsSeries: Series[] = [
    { label: 'Chats', data: daily.map((x) => x.chats), color: chartColors.current },
    { label: 'Shopper messages', data: daily.map((x) => x.shopperMessages), color: chartColors.second },
    {
      label: 'Chats, previous period',
      data: previous(previousDaily.map((x) => x.chats)),
      color: chartColors.previous,
      previous: true,
    },
  ];
  const share = (v: number | null) => percent(v);
  const time = (v: number | null) => duration(v);

  return (
    <div className={css.figures}>
      <FigureCard
        title="Chats"
        value={count(c.chats)}
        detail={details.chats(c.shopperMessages, p.chats, p.shopperMessages)}
        change={change(c.chats, p.chats, 'count', null)}
        definition={d.chats}
        dates={dates}
        series={chatsSeries}
        empty={none && c.shopperMessages === 0}
        emptyText={emptyChats}
      />
      <FigureCard
        title="Resolved by the bot"
        value={percent(c.botResolvedShare)}
        detail={details.botResolved(
          c.botResolved,
          c.closedChats,
          c.chats - c.closedChats,
          percent(p.botResolvedShare),
        )}
        change={change(c.botResolvedShare, p.botResolvedShare, 'share', true)}
        definition={d.botResolved}
        axis="share"
        dates={dates}
        series={[
          {
            label: 'Resolved by the bot',
            data: ratioSeries(
              daily.map((x) => x.botResolved),
              daily.map((x) => x.closedChats),
            ),
            color: chartColors.current,
            format: share,
          },
          {
            label: 'Previous period',
            data: previous(
              ratioSeries(
                previousDaily.map((x) => x.botResolved),
                previousDaily.map((x) => x.closedChats),
              ),
            ),
            color: chartColors.previous,
            previous: true,
            format: share,
          },
        ]}
        empty={c.closedChats === 0}
        emptyText={
          none ? emptyChats : 'The share appears once chats close, 24 hours after the shopper’s last message.'
        }
      />
      <FigureCard
        title="Handed over to your team"
        value={percent(c.handoverRate)}
        detail={details.handedOver(c.handedOver, c.chats, percent(p.handoverRate))}
        change={change(c.handoverRate, p.handoverRate, 'share', false)}
        definition={d.handover}
        axis="share"
        dates={dates}
        series={[
          {
            label: 'Handover rate',
            data: ratioSeries(
              daily.map((x) => x.handedOver),
              daily.map((x) => x.chats),
            ),
            color: chartColors.current,
            format: share,
          },
        ]}
        empty={none}
        emptyText={emptyChats}
      >
        <Ranked
          title="Reasons"
          items={data.handoverReasons.map((r) => ({ name: r.label, count: r.count }))}
          emptyText="Handover reasons will be listed here when the bot hands a chat to your team."
        />
      </FigureCard>
      <FigureCard
        title="First response time"
        value={
          <>
            {duration(c.botFirstResponse.medianMs)}
            <span className={css.valueNote}> bot · {duration(c.humanFirstResponse.medianMs)} your team</span>
          </>
        }
        detail={details.firstResponse({
          botP90: duration(c.botFirstResponse.p90Ms),
          botChats: c.botFirstResponse.count,
          teamP90: duration(c.humanFirstResponse.p90Ms),
          teamChats: c.humanFirstResponse.count,
          unanswered: c.unanswered,
          previousBot: duration(p.botFirstResponse.medianMs),
          previousTeam: duration(p.humanFirstResponse.medianMs),
        })}
        change={change(c.humanFirstResponse.medianMs, p.humanFirstResponse.medianMs, 'time', false)}
        definition={d.firstResponse}
        dates={dates}
        series={[
          {
            label: 'Bot (median)',
            data: daily.map((x) => x.botFirstResponseMedianMs),
            color: chartColors.current,
            format: time,
          },
          {
            label: 'Your team (median)',
            data: daily.map((x) => x.humanFirstResponseMedianMs),
            color: chartColors.second,
            format: time,
          },
        ]}
        axis="time"
        empty={c.botFirstResponse.count + c.humanFirstResponse.count === 0}
        emptyText="Response times will appear here once the bot or your team reply to shoppers in this period."
      />
      {data.hasMarketplace && (
        <FigureCard
          title="Answered within the platform’s window"
          value={percent(c.window.share)}
          detail={details.window(c.window.within, c.window.due, percent(p.window.share))}
          change={change(c.window.share, p.window.share, 'share', true)}
          definition={`${d.window} ${windowRules}`}
          axis="share"
          dates={dates}
          series={[
            {
              label: 'Within the window',
              data: ratioSeries(
                daily.map((x) => x.windowWithin),
                daily.map((x) => x.windowDue),
              ),
              color: chartColors.current,
              format: share,
            },
          ]}
          empty={c.window.due === 0}
          emptyText="The share appears once marketplace chats are answered or their reply deadline passes."
        />
      )}
      <FigureCard
        title="Vouchers offered"
        value={count(c.vouchersOffered)}
        detail={details.vouchers(p.vouchersOffered)}
        change={change(c.vouchersOffered, p.vouchersOffered, 'count', true)}
        definition={d.vouchers}
        dates={dates}
        series={[
          {
            label: 'Vouchers offered',
            data: daily.map((x) => x.vouchersOffered),
            color: chartColors.current,
          },
        ]}
        empty={c.vouchersOffered === 0}
        emptyText="Vouchers will appear here when the bot offers a topic's voucher in a chat."
      />
      <FigureCard
        title="Busiest hours"
        value={count(c.shopperMessages)}
        detail={details.shopperMessagesInPeriod(c.shopperMessages)}
        definition={d.busiestHours}
        empty={c.shopperMessages === 0}
        emptyText="A map of when shoppers write will appear here once they do."
      >
        {c.shopperMessages > 0 && <BusiestHours grid={data.busiestHours} />}
      </FigureCard>
      <FigureCard
        title="What the bot answered from"
        value={count(data.topTopics.reduce((n, t) => n + t.count, 0))}
        detail={details.answersFromTopics(data.topTopics.reduce((n, t) => n + t.count, 0))}
        definition={d.topSources}
      >
        <Ranked
          title="Top topics"
          items={data.topTopics}
          emptyText="Topics will be listed here when the bot answers shoppers from them."
        />
        <Ranked
          title="Top files"
          items={data.topFiles}
          emptyText="Files will be listed here when the bot answers shoppers from them."
        />
      </FigureCard>
    </div>
  );
}

/** A short ranked list with bars, or what will appear there. */
function Ranked({
  title,
  items,
  emptyText,
}: {
  title: string;
  items: { name: string; count: number }[];
  emptyText: string;
}) {
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <div className={css.ranked}>
      <h3 className={css.rankedTitle}>{title}</h3>
      {items.length === 0 ? (
        <p className={css.note}>{emptyText}</p>
      ) : (
        <ol className={css.rankedList}>
          {items.map((item) => (
            <li key={item.name} className={css.rankedItem}>
              <div className={css.rankedRow}>
                <span className={css.rankedName}>{item.name}</span>
                <span className={css.rankedCount}>{count(item.count)}</span>
              </div>
              <progress
                className={css.bar}
                value={item.count}
                max={max}
                aria-label={`${item.name}: ${item.count}`}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
