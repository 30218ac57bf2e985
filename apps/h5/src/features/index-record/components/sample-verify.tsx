import { canonicalDecimal, compareDecimal, type ProofCheck } from '@app/shared';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiError } from '../../../lib/api';
import { formatSampleTime } from '../../../lib/format-time';
import { PATHS } from '../../../lib/paths';
import { pairHead, sampleProof } from '../api/index-record-api';
import { verifySample } from '../verify';
import './verdict.css';
import './sample-verify.css';

/** What an option order needs for its samples to be checked (the open second, when the order names it). */
export type VerifiableOrder = {
  id: number;
  symbol_name: string;
  created_at: number;
  /** Null while the open second is not final yet (nothing to check until then). */
  open_price: string | null;
  open_second?: number | null;
  end_second: number | null;
  end_price: string | null;
};

type SampleState =
  | { state: 'ok' | 'bad'; second: number; check: ProofCheck; priceMatches: boolean }
  | { state: 'missing' | 'error'; second: number };

/** The open sample is the one of the order's open second; the end sample is the one it settled on. */
function samplesOf(order: VerifiableOrder) {
  const list: { key: 'open' | 'end'; second: number; price: string }[] = [];
  if (order.open_price !== null)
    list.push({ key: 'open', second: order.open_second ?? Math.floor(order.created_at / 1000), price: order.open_price });
  if (order.end_second !== null && order.end_price !== null)
    list.push({ key: 'end', second: order.end_second, price: order.end_price });
  return list;
}

async function checkOne(symbol: string, second: number, price: string): Promise<SampleState> {
  try {
    const proof = await sampleProof(symbol, second);
    // The head is fetched apart from the proof, as anyone keeping the published heads would compare it.
    const head = await pairHead(symbol, proof.day, proof.as_of);
    if (!head)
      return {
        state: 'bad',
        second,
        check: { ok: false, reason: 'head_mismatch', computedHead: '', hashes: 0 },
        priceMatches: false,
      };
    const check = await verifySample(proof, head);
    const priceMatches = Boolean(check.sample) && compareDecimal(check.sample!.price, price) === 0;
    return { state: check.ok && priceMatches ? 'ok' : 'bad', second, check, priceMatches };
  } catch (error) {
    return { state: (error as ApiError).code === 'index_sample_not_found' ? 'missing' : 'error', second };
  }
}

/**
 * The *Verify* action of an option order: fetches its open and end samples with their chain context,
 * checks each in the browser against the published day head (Web Crypto SHA-256), and says whether the
 * order's prices are the recorded ones.
 */
export function SampleVerify({ order }: { order: VerifiableOrder }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<{ key: 'open' | 'end'; result: SampleState }[] | null>(null);

  const run = async () => {
    setBusy(true);
    const list = samplesOf(order);
    const checked = await Promise.all(list.map((s) => checkOne(order.symbol_name, s.second, s.price)));
    setResults(list.map((s, i) => ({ key: s.key, result: checked[i]! })));
    setBusy(false);
  };

  const allOk = results?.every((r) => r.result.state === 'ok');
  return (
    <section className="sample-verify" data-testid={`sample-verify-${order.id}`}>
      {results ? (
        <>
          <div
            className={`index-verdict tone-${allOk ? 'success' : 'danger'}`}
            data-testid="sample-verify-verdict"
            data-state={allOk ? 'ok' : 'bad'}
          >
            {allOk ? t('index_record.verify_pass') : t('index_record.verify_fail')}
          </div>
          {results.map(({ key, result }) => (
            <div
              className="sample-verify__row"
              key={key}
              data-testid={`sample-verify-${key}`}
              data-state={result.state}
              data-chain={'check' in result ? (result.check.ok ? 'ok' : 'bad') : result.state}
              data-price={'check' in result ? (result.priceMatches ? 'same' : 'differs') : undefined}
            >
              <div className="sample-verify__row-head">
                <span>{t(`index_record.sample_${key}`)}</span>
                <span className={`sample-verify__mark sample-verify__mark--${result.state === 'ok' ? 'ok' : 'bad'}`}>
                  {result.state === 'ok' ? '✓' : '✗'} {t(`index_record.state_${result.state}`)}
                </span>
              </div>
              <div className="sample-verify__detail">{formatSampleTime(result.second * 1000)}</div>
              {'check' in result ? (
                <>
                  <div className="sample-verify__detail">
                    {t('index_record.recorded_price', {
                      price: result.check.sample ? canonicalDecimal(result.check.sample.price) : '—',
                    })}
                    {result.check.sample?.carried ? ` · ${t('index_record.carried')}` : ''}
                  </div>
                  {result.check.ok ? (
                    <div className="sample-verify__detail">{t('index_record.hashes', { count: result.check.hashes })}</div>
                  ) : (
                    <div className="sample-verify__detail sample-verify__detail--bad">
                      {t(`index_record.reason_${result.check.reason ?? 'hash_mismatch'}`)}
                    </div>
                  )}
                  {!result.priceMatches && result.check.ok ? (
                    <div className="sample-verify__detail sample-verify__detail--bad">{t('index_record.price_differs')}</div>
                  ) : null}
                  {result.check.sample ? (
                    <div className="sample-verify__detail">
                      {result.check.sample.constituents.map((c) => `${c.venue} ${c.price}`).join(' · ')}
                    </div>
                  ) : null}
                </>
              ) : null}
            </div>
          ))}
          <Link className="sample-verify__link" to={PATHS.indexRecord}>
            {t('index_record.open_record')}
          </Link>
        </>
      ) : null}
      <Button
        size="small"
        fill="outline"
        loading={busy}
        onClick={() => void run()}
        data-testid={`sample-verify-button-${order.id}`}
      >
        {results ? t('index_record.verify_again') : t('index_record.verify')}
      </Button>
    </section>
  );
}
