import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DigestRow } from '../../../components/digest-row';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { formatDateTime } from '../../../lib/format';
import { type MyLeaf, myProofQuery, type PublishedRoot, publishedRootQuery } from '../api/proof-api';
import { type VerifyResult, verifyLeaf } from '../verify';
import './proof-page.css';

/**
 * One coin's leaf: the values it is built from, its path, and the verdict of the browser's own check
 * against the root published at the public endpoint (fetched apart from the leaf).
 */
/** A row of a leaf's card, spaced as the card's rows are. */
function LeafRow(props: Omit<ComponentProps<typeof DigestRow>, 'className'>) {
  return <DigestRow className="proof-leaf__row" {...props} />;
}

function LeafCard({ leaf, published }: { leaf: MyLeaf; published: PublishedRoot | undefined }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<VerifyResult | null>(null);
  useEffect(() => {
    if (!published) return;
    let live = true;
    void verifyLeaf(leaf, published.root, published.total_units).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [leaf, published]);

  const state = !published ? 'missing' : !result ? 'pending' : result.ok ? 'ok' : 'bad';
  const verdict = {
    missing: t('proof.root_missing'),
    pending: t('proof.verifying'),
    ok: t('proof.verified'),
    bad: t('proof.failed'),
  }[state];
  return (
    <section className="text-card" data-testid={`proof-leaf-${leaf.currency_name}`} data-state={state}>
      <div className="text-card__head">
        <span>{leaf.currency_name}</span>
        <span
          className={`text-card__badge ${state === 'ok' ? 'tone-success' : state === 'bad' || state === 'missing' ? 'tone-danger' : 'proof-leaf__verdict--pending'}`}
          data-testid="proof-verdict"
        >
          {verdict}
        </span>
      </div>
      <LeafRow label={t('proof.balance')} value={leaf.balance} testId="proof-balance" />
      <LeafRow label={t('proof.user_id')} value={leaf.user_id} digest />
      <LeafRow label={t('proof.nonce')} value={leaf.nonce} digest />
      <LeafRow label={t('proof.leaf_hash')} value={result?.leafHash ?? leaf.leaf_hash} digest testId="proof-leaf-hash" />
      <LeafRow label={t('proof.root')} value={published?.root ?? '—'} digest testId="proof-root" />
      <LeafRow label={t('proof.total')} value={published ? `${published.total} (${published.leaf_count})` : '—'} digest />
      <div className="proof-leaf__row digest-row">
        <span>{t('proof.path', { count: leaf.path.length })}</span>
      </div>
      <ol className="proof-leaf__path" data-testid="proof-path">
        {leaf.path.map((step, i) => (
          <li key={i}>
            {step.side === 'left' ? '← ' : '→ '}
            {step.hash.slice(0, 16)}… · {step.sum}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Proof of liabilities: the user's own leaves of the newest snapshot, each verified in the browser. */
export function ProofPage() {
  const { t } = useTranslation();
  const mine = useQuery(myProofQuery());
  const roots = useQuery(publishedRootQuery(mine.data?.day));

  return (
    <Page title={t('proof.title')} testId="proof-page">
      <p className="proof-page__intro">{t('proof.intro')}</p>
      {mine.isPending ? (
        <PageLoader />
      ) : mine.isError ? (
        <ErrorState onRetry={() => void mine.refetch()} />
      ) : !mine.data ? (
        <EmptyState text={t('proof.none_yet')} testId="proof-none" />
      ) : (
        <>
          <p className="proof-page__intro" data-testid="proof-day">
            {t('proof.snapshot_of', { day: mine.data.day, time: formatDateTime(mine.data.created_at) })}
          </p>
          {mine.data.leaves.length === 0 ? (
            <EmptyState text={t('proof.no_leaf')} testId="proof-no-leaf" />
          ) : roots.isPending ? (
            <PageLoader inline />
          ) : (
            mine.data.leaves.map((leaf) => (
              <LeafCard
                key={leaf.currency_id}
                leaf={leaf}
                published={roots.data?.roots.find((r) => r.currency_id === leaf.currency_id)}
              />
            ))
          )}
        </>
      )}
    </Page>
  );
}
