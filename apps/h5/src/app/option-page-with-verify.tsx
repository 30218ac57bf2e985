import { SampleVerify } from '../features/index-record/components/sample-verify';
import type { OptionOrder } from '../features/options/api/options-api';
import { OptionPage } from '../features/options/pages';

const verify = (order: OptionOrder) => <SampleVerify order={order} />;

/**
 * The options page with the index record's Verify action under each delivered order. Two features
 * meet here, in app/, because features never import each other; one chunk holds both, as before.
 */
export function OptionPageWithVerify() {
  return <OptionPage verify={verify} />;
}
