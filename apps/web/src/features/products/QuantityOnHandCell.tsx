import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { MSG, parseQuantity, PRODUCT_MESSAGES, type ProductListItem } from '@dme/shared';
import { useNotify } from '@/lib/notify.ts';
import { useUpdateQuantity } from './api/update-quantity.ts';
import { UPDATED_SUCCESSFULLY } from './product-form.ts';

const QUANTITY_ERRORS = {
  empty: PRODUCT_MESSAGES.quantityInteger,
  not_integer: PRODUCT_MESSAGES.quantityInteger,
  negative: PRODUCT_MESSAGES.quantityNegative,
  too_large: PRODUCT_MESSAGES.quantityTooLarge,
} as const;

/**
 * The editable stock on hand of one inventory row and its save button. Give it a key that
 * includes the stored quantity so a refreshed row starts from the server's value.
 */
export function QuantityOnHandCell({ product }: { product: ProductListItem }) {
  const notify = useNotify();
  const update = useUpdateQuantity();
  const [text, setText] = useState(String(product.quantity));
  const parsed = parseQuantity(text);
  const error = parsed.ok ? undefined : QUANTITY_ERRORS[parsed.reason];
  const changed = !parsed.ok || parsed.value !== product.quantity;

  const save = async () => {
    if (!parsed.ok) return;
    try {
      await update.mutateAsync({ product_id: product.id, quantity: parsed.value });
      notify.success(UPDATED_SUCCESSFULLY);
    } catch {
      notify.error(MSG.requestFailed);
    }
  };

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <Tooltip title={error ?? ''}>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void save();
          }}
          error={Boolean(error)}
          sx={{ width: 88, '& .MuiInputBase-input': { py: 0.5 } }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': `Quantity on Hand of ${product.name}`,
              style: { textAlign: 'right' },
            },
          }}
        />
      </Tooltip>
      <Tooltip title="Save">
        <span>
          <IconButton
            size="small"
            color="primary"
            aria-label={`Save quantity of ${product.name}`}
            disabled={!parsed.ok || !changed || update.isPending}
            onClick={() => void save()}
          >
            {update.isPending ? <CircularProgress size={18} /> : <SaveIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
