// The request fields the money forms share are part of the API's contract (@app/shared fields.ts).
export {
  amountField,
  currencyField,
  idField,
  idParams,
  optionalText,
  REVIEW_STATES,
  requiredText,
  reviewStateField,
} from '@app/shared';
