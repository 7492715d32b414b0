import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useController, type Control } from 'react-hook-form';
import { isImageFile, type ProductFormBody, type ProductFormValues } from './product-form.ts';

/** An object URL for a picked image file, revoked when the file changes. */
function useFilePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; href: string } | null>(null);
  useEffect(() => {
    if (!file || !isImageFile(file)) return undefined;
    const href = URL.createObjectURL(file);
    setPreview({ file, href });
    return () => URL.revokeObjectURL(href);
  }, [file]);
  return file && preview?.file === file ? preview.href : null;
}

interface PhotoFieldProps {
  control: Control<ProductFormValues, unknown, ProductFormBody>;
  /** The stored photo (an object URL), shown until another one is chosen or it is removed. */
  currentUrl?: string | null;
  /** The product has a stored photo (it may still be loading). */
  hasCurrent?: boolean;
}

/** The product photo: a file input limited to images, with a preview of what will be saved. */
export function PhotoField({ control, currentUrl = null, hasCurrent = false }: PhotoFieldProps) {
  const { field: photo, fieldState } = useController({ control, name: 'photo' });
  const { field: removed } = useController({ control, name: 'remove_photo' });
  const picked = photo.value;
  const preview = useFilePreview(picked);
  const shown = picked ? preview : removed.value ? null : currentUrl;
  const hasPhoto = Boolean(picked) || (hasCurrent && !removed.value);

  return (
    <Stack spacing={1.5}>
      <Box
        sx={{
          height: 180,
          borderRadius: 1,
          border: '1px dashed',
          borderColor: fieldState.error ? 'error.main' : 'divider',
          bgcolor: '#f7f9fb',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt="Product photo"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Stack spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ImageIcon />
            <Typography variant="body2">{picked ? picked.name : hasPhoto ? 'Loading photo…' : 'No photo'}</Typography>
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button component="label" variant="outlined" size="small" startIcon={<UploadIcon />}>
          {hasPhoto ? 'Change Photo' : 'Choose Photo'}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-label="Photo"
            name={photo.name}
            ref={photo.ref}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              // Choosing the same file again must fire another change.
              event.target.value = '';
              if (!file) return;
              photo.onChange(file);
              removed.onChange(false);
              photo.onBlur();
            }}
          />
        </Button>
        {hasPhoto ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => {
              // A just-picked file is dropped first; the stored photo only on a second click.
              if (picked) photo.onChange(null);
              else removed.onChange(true);
              photo.onBlur();
            }}
          >
            Remove Photo
          </Button>
        ) : null}
      </Stack>
      {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
    </Stack>
  );
}
