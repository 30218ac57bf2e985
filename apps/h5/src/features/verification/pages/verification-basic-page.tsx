import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AwaitingPage } from '../../../components/awaiting-page';
import { ControlledField, TextField } from '../../../components/controlled-field';
import { Page } from '../../../components/page';
import { Callout } from '../../../components/state-view';
import { SubmitButton } from '../../../components/submit-button';
import { areaCodesQuery } from '../../../lib/account-api';
import { HTML_LANG } from '../../../lib/i18n';
import { useLocaleStore } from '../../../lib/locale';
import { schemaResolver } from '../../../lib/zod-form';
import { canSubmit, submitBasic, verificationQuery } from '../api/verification-api';
import { CountryPicker } from '../components/country-picker';
import { TierState } from '../components/tier-state';
import { countriesFrom } from '../countries';
import { useTierSubmit } from '../use-tier-submit';
import { type BasicForm, basicSchema, NAME_MAX, normalizeCardId } from '../verification-schema';

const FIELDS = ['country', 'name', 'card_id'] as const;
const resolver = schemaResolver<BasicForm>(basicSchema);

/** Basic verification: the country, the name and the number of an identity document. */
export function VerificationBasicPage() {
  const { t } = useTranslation();
  const lang = useLocaleStore((s) => s.lang);
  const status = useQuery(verificationQuery());
  const areaCodes = useQuery(areaCodesQuery());
  const countries = useMemo(
    () => (areaCodes.data ? countriesFrom(areaCodes.data, HTML_LANG[lang]) : undefined),
    [areaCodes.data, lang],
  );
  const { control, handleSubmit, setError, formState } = useForm<BasicForm>({
    resolver,
    defaultValues: { country: '', name: '', card_id: '' },
  });

  const mutation = useTierSubmit(submitBasic, setError, FIELDS);

  const onSubmit = handleSubmit((v) =>
    mutation.mutateAsync({ country: v.country, name: v.name.trim(), card_id: normalizeCardId(v.card_id) }).catch(() => {}),
  );

  const title = t('verification.basic_title');
  if (!status.data) return <AwaitingPage title={title} testId="verification-basic-page" query={status} />;
  const basic = status.data.basic;
  if (!canSubmit(basic.status)) {
    return (
      <Page title={title} testId="verification-basic-page">
        <TierState status={basic.status} testId="verification-basic-state" />
      </Page>
    );
  }

  return (
    <Page title={title} testId="verification-basic-page">
      {basic.status === 'rejected' && basic.reject_reason ? (
        <Callout tone="danger">{t('records.reject_reason', { reason: basic.reject_reason })}</Callout>
      ) : null}
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <ControlledField control={control} name="country" label={t('verification.country')} testId="vb-country-field">
          {(field) => (
            <CountryPicker
              countries={countries}
              loading={areaCodes.isPending}
              value={field.value}
              onChange={field.onChange}
              testId="vb-country"
            />
          )}
        </ControlledField>
        <TextField
          control={control}
          name="name"
          label={t('verification.name')}
          testId="vb-name"
          maxLength={NAME_MAX}
          autoComplete="name"
          placeholder={t('verification.name_placeholder')}
        />
        <TextField
          control={control}
          name="card_id"
          label={t('verification.card_id')}
          testId="vb-card-id"
          hint={t('verification.card_id_hint')}
          maxLength={48}
          autoComplete="off"
          placeholder={t('verification.card_id_placeholder')}
        />
        <SubmitButton note={t('verification.privacy_note')} loading={formState.isSubmitting} testId="vb-submit">
          {t('verification.submit')}
        </SubmitButton>
      </form>
    </Page>
  );
}
