import { useQuery } from '@tanstack/react-query';
import TextArea from 'antd-mobile/es/components/text-area';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AwaitingPage } from '../../../components/awaiting-page';
import { ControlledField } from '../../../components/controlled-field';
import { ImageUpload } from '../../../components/image-upload';
import { Page } from '../../../components/page';
import { Callout } from '../../../components/state-view';
import { SubmitButton } from '../../../components/submit-button';
import { TextLink } from '../../../components/text-link';
import { PATHS } from '../../../lib/paths';
import { schemaResolver } from '../../../lib/zod-form';
import { canSubmit, submitAdvanced, verificationQuery } from '../api/verification-api';
import { TierState } from '../components/tier-state';
import { useTierSubmit } from '../use-tier-submit';
import { ADDRESS_MAX, type AdvancedForm, advancedSchema } from '../verification-schema';

const FIELDS = ['address', 'front_pic', 'reverse_pic', 'hand_pic'] as const;
const resolver = schemaResolver<AdvancedForm>(advancedSchema);

const PHOTOS = [
  { name: 'front_pic', purpose: 'id_front', label: 'verification.front', testId: 'va-front' },
  { name: 'reverse_pic', purpose: 'id_back', label: 'verification.back', testId: 'va-back' },
  { name: 'hand_pic', purpose: 'id_hand', label: 'verification.hand', testId: 'va-hand' },
] as const;

/** Advanced verification: a contact address and three photos; open only once basic is verified. */
export function VerificationAdvancedPage() {
  const { t } = useTranslation();
  const status = useQuery(verificationQuery());
  const { control, handleSubmit, setError, formState } = useForm<AdvancedForm>({
    resolver,
    defaultValues: { address: '', front_pic: '', reverse_pic: '', hand_pic: '' },
  });

  const mutation = useTierSubmit(submitAdvanced, setError, FIELDS);

  const onSubmit = handleSubmit((v) => mutation.mutateAsync({ ...v, address: v.address.trim() }).catch(() => {}));

  const title = t('verification.advanced_title');
  const wrap = (body: ReactNode) => (
    <Page title={title} testId="verification-advanced-page">
      {body}
    </Page>
  );
  if (!status.data) return <AwaitingPage title={title} testId="verification-advanced-page" query={status} />;

  const { basic, advanced } = status.data;
  if (basic.status !== 'verified') {
    return wrap(
      <Callout
        tone="danger"
        testId="va-basic-first"
        action={
          <TextLink to={PATHS.verificationBasic} replace>
            {t('verification.go_basic')}
          </TextLink>
        }
      >
        {t('errors.basic_first')}
      </Callout>,
    );
  }
  if (!canSubmit(advanced.status)) {
    return wrap(<TierState status={advanced.status} testId="verification-advanced-state" />);
  }

  return wrap(
    <>
      {advanced.status === 'rejected' && advanced.reject_reason ? (
        <Callout tone="danger">{t('records.reject_reason', { reason: advanced.reject_reason })}</Callout>
      ) : null}
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <ControlledField control={control} name="address" label={t('verification.address')} testId="va-address">
          {(field) => (
            <TextArea
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              maxLength={ADDRESS_MAX}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('verification.address_placeholder')}
            />
          )}
        </ControlledField>
        {PHOTOS.map((photo) => (
          <Controller
            key={photo.name}
            control={control}
            name={photo.name}
            render={({ field, fieldState }) => (
              <ImageUpload
                purpose={photo.purpose}
                label={t(photo.label)}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                testId={photo.testId}
              />
            )}
          />
        ))}
        <SubmitButton note={t('verification.photo_note')} loading={formState.isSubmitting} testId="va-submit">
          {t('verification.submit')}
        </SubmitButton>
      </form>
    </>,
  );
}
