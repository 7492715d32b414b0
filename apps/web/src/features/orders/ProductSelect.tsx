import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useProductOptions } from './api/get-product-options.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export const PRODUCT_SEARCH_DELAY_MS = 500;

export interface ProductOption {
  id: number;
  name: string;
  internal_code: string;
}

export interface ProductSelectProps {
  value: ProductOption | null;
  onChange: (product: ProductOption | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

const label = (p: ProductOption) => `${p.name} (${p.internal_code})`;

/**
 * Searchable product select: GET /api/products/?search= on the server, 100 at a time. The list is
 * exactly the answer to what is typed now (nothing from an earlier search), options keyed by id.
 */
export function ProductSelect({ value, onChange, onBlur, disabled, error, helperText }: ProductSelectProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const typed = value && input === label(value) ? '' : input.trim();
  const search = useDebouncedValue(typed, PRODUCT_SEARCH_DELAY_MS);
  const options = useProductOptions(search, open && !disabled);
  const settled = typed === search && options.isSuccess;
  const rows: ProductOption[] = settled ? options.data : [];

  return (
    <Autocomplete
      options={rows}
      value={value}
      onChange={(_event, product) =>
        onChange(product ? { id: product.id, name: product.name, internal_code: product.internal_code } : null)
      }
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onBlur={onBlur}
      // The server filters and orders; the browser shows what it answered.
      filterOptions={(x) => x}
      getOptionLabel={label}
      getOptionKey={(product) => product.id}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={!settled}
      disabled={disabled}
      autoHighlight
      noOptionsText="No products found"
      renderOption={({ key, ...props }, product) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{product.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              Reference Number {product.internal_code}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label="Product" required error={error} helperText={helperText} />}
    />
  );
}
