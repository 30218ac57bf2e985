/** Decimal places of a step ("0.00001" → 5): what a field on that grid may hold. */
export const placesOf = (step: string) => (step.includes('.') ? step.length - step.indexOf('.') - 1 : 0);
