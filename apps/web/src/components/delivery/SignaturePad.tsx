import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SignaturePad from 'signature_pad';

interface SignatureInputProps {
  /** Called after each stroke and on Clear: the PNG data URL, or null while nothing is drawn. */
  onChange: (dataUrl: string | null) => void;
  label?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  /** The drawing area's height in CSS pixels; its width follows the container. */
  height?: number;
}

/**
 * A signature drawn with a mouse, a pen or a finger (signature_pad on a canvas), on white so the
 * PNG reads the same on paper. The canvas is sized to its box times the screen's pixel ratio (a
 * sharp line on dense screens) and kept so when the box resizes; what was drawn is redrawn.
 */
export function SignatureInput({
  onChange,
  label = 'Signature',
  required,
  error,
  helperText,
  disabled,
  height = 160,
}: SignatureInputProps) {
  const labelId = useId();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const [empty, setEmpty] = useState(true);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(20, 20, 20)' });
    padRef.current = pad;
    const report = () => {
      const nothing = pad.isEmpty();
      setEmpty(nothing);
      onChangeRef.current(nothing ? null : pad.toDataURL('image/png'));
    };
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const tall = Math.round(canvas.offsetHeight * ratio);
      if (width === 0 || tall === 0 || (canvas.width === width && canvas.height === tall)) return;
      // Resizing a canvas wipes it: the strokes are kept and drawn again at the new size.
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = tall;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
      if (!pad.isEmpty()) report();
    };
    pad.addEventListener('endStroke', report);
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
    onChangeRef.current(null);
  };

  return (
    <FormControl error={error} required={required} disabled={disabled} fullWidth>
      <FormLabel id={labelId} sx={{ mb: 0.5, typography: 'body2' }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          position: 'relative',
          height,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          style={{ display: 'block', width: '100%', height: '100%', touchAction: 'none', cursor: 'crosshair' }}
        />
        {empty ? (
          <Typography
            variant="body2"
            color="text.secondary"
            aria-hidden
            sx={{ position: 'absolute', left: 12, bottom: 8, pointerEvents: 'none' }}
          >
            Sign here
          </Typography>
        ) : null}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 36 }}>
        <FormHelperText sx={{ m: 0 }}>{helperText}</FormHelperText>
        <Button size="small" onClick={clear} disabled={disabled || empty}>
          Clear
        </Button>
      </Stack>
    </FormControl>
  );
}
