import Input from 'antd-mobile/es/components/input';
import type { ComponentProps, ReactNode } from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field';

type BoxProps = Omit<ComponentProps<typeof FormField>, 'error' | 'children'>;

type BoundProps<T extends FieldValues, N extends Path<T> = Path<T>> = BoxProps & { control: Control<T>; name: N };

/**
 * A `FormField` bound to one field of a react-hook-form form: the form's validation message shows
 * under it, and `children` draws the input from the field's value and handlers.
 */
export function ControlledField<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  children,
  ...box
}: BoundProps<T, N> & { children: (field: ControllerRenderProps<T, N>) => ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField {...box} error={fieldState.error?.message}>
          {children(field)}
        </FormField>
      )}
    />
  );
}

type TextInputProps = Pick<
  ComponentProps<typeof Input>,
  'placeholder' | 'maxLength' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'clearable'
>;

/** A plain one-line text field of a form (a name, an address, a note): what is typed is kept as typed. */
export function TextField<T extends FieldValues>({
  placeholder,
  maxLength,
  inputMode,
  autoComplete,
  autoCapitalize,
  clearable,
  ...bound
}: BoundProps<T> & TextInputProps) {
  return (
    <ControlledField {...bound}>
      {(field) => (
        <Input
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={placeholder}
          maxLength={maxLength}
          inputMode={inputMode}
          autoComplete={autoComplete}
          autoCapitalize={autoCapitalize}
          clearable={clearable}
        />
      )}
    </ControlledField>
  );
}
