import { Input } from 'antd';

type FilterSearchProps = {
  /** The filter the list shows now (kept in the URL); the box starts from it and follows its changes. */
  value: string;
  /** Gets the trimmed text; empty clears the filter. */
  onSearch: (text: string) => void;
  label: string;
  button: string;
  placeholder: string;
  testId?: string;
};

/** The search box above a list, filtering it by what the operator types. */
export function FilterSearch({ value, onSearch, label, button, placeholder, testId }: FilterSearchProps) {
  return (
    <Input.Search
      key={value}
      defaultValue={value}
      placeholder={placeholder}
      allowClear
      enterButton={button}
      onSearch={(text) => onSearch(text.trim())}
      style={{ maxWidth: 480 }}
      aria-label={label}
      data-testid={testId}
    />
  );
}
