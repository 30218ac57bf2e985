import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage, PageSuspense } from './lazy-page';

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyPage', () => {
  it('suspends before its chunk is loaded and renders at once after preload()', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { Hello };
    }, 'Hello');
    // Not loaded: the Suspense fallback (blank at first) stands in for the page.
    expect(
      renderToString(
        <PageSuspense>
          <Page name="a" />
        </PageSuspense>,
      ),
    ).not.toContain('hello');
    await Page.preload();
    expect(
      renderToString(
        <PageSuspense>
          <Page name="b" />
        </PageSuspense>,
      ),
    ).toContain('hello <!-- -->b');
    expect(loads).toBeGreaterThanOrEqual(1);
  });

  it('leaves a failed preload to the page, which still renders its fallback', async () => {
    const Page = lazyPage(async (): Promise<{ Hello: typeof Hello }> => {
      throw new Error('offline');
    }, 'Hello');
    await expect(Page.preload()).rejects.toThrow();
    expect(
      renderToString(
        <PageSuspense>
          <Page name="c" />
        </PageSuspense>,
      ),
    ).not.toContain('hello');
  });
});
