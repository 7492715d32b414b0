import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import { clampPercentage, formatMoney, type RemitMode, type RemittanceService } from '@dme/shared';
import { choose, NO_CHOICE, rowOutcome, type RowChoice } from './remit-rows.ts';

interface RemitServicesTableProps {
  services: RemittanceService[];
  choices: Record<number, RowChoice>;
  onChoice: (serviceId: number, choice: RowChoice) => void;
  onEditOriginal: (service: RemittanceService) => void;
  totals: { applied: string; balance: string };
  invoiceTotal: number;
}

const money = formatMoney;

/** The services of the occurrence, one mode per service: Entire Remit, %, Credit, IA or Write Off. */
export function RemitServicesTable({
  services,
  choices,
  onChoice,
  onEditOriginal,
  totals,
  invoiceTotal,
}: RemitServicesTableProps) {
  const toggle = (service: RemittanceService, mode: RemitMode) =>
    onChoice(service.id, choose(choices[service.id] ?? NO_CHOICE, mode));
  return (
    // Fits a 1024 px screen with Amount Applied and the edit pencil in view: the theme wraps
    // two-word headers below 1200 px (the table must not set them nowrap) and the inputs are narrow.
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Services"
        sx={{ '& th': { verticalAlign: 'bottom', lineHeight: 1.3 }, '& td, & th': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Product Name</TableCell>
            <TableCell align="right">Invoice Amount</TableCell>
            <TableCell align="right">Outstanding</TableCell>
            <TableCell align="center">Entire Remit</TableCell>
            <TableCell>%</TableCell>
            <TableCell>Credit</TableCell>
            <TableCell align="center">IA</TableCell>
            <TableCell align="center">Write Off</TableCell>
            <TableCell align="right">Amount Applied</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {services.map((s) => {
            const choice = choices[s.id] ?? NO_CHOICE;
            const { result, problem } = rowOutcome(s, choice);
            const settled = s.outstanding <= 0;
            const name = s.order_product.order_product_name;
            return (
              <TableRow key={s.id} hover>
                <TableCell sx={{ minWidth: 170 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {s.amount_remmited} × {money(s.added_percentage ? s.adjusted_sale_price : s.sale_price)} · remitted{' '}
                    {money(s.remitted)}
                    {s.variant ? ` · ${s.variant.price_variant} · ${s.variant.unit_measure}` : ''} ·{' '}
                    {s.product.internal_code}
                  </Typography>
                </TableCell>
                <TableCell align="right">{money(s.invoice_amount)}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money(result.outstanding)}
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={choice.mode === 'entire'}
                    disabled={settled}
                    onChange={() => toggle(s, 'entire')}
                    slotProps={{ input: { 'aria-label': `Entire Remit ${name}` } }}
                  />
                </TableCell>
                <TableCell sx={{ width: 76 }}>
                  <TextField
                    size="small"
                    sx={{ width: 64 }}
                    value={choice.percentage}
                    disabled={settled}
                    placeholder="0"
                    onChange={(e) => onChoice(s.id, choose(choice, 'percentage', e.target.value))}
                    onBlur={() => {
                      if (choice.mode === 'percentage') {
                        onChoice(s.id, choose(choice, 'percentage', String(clampPercentage(choice.percentage))));
                      }
                    }}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `Percentage ${name}` } }}
                  />
                </TableCell>
                <TableCell sx={{ width: 104 }}>
                  <TextField
                    size="small"
                    sx={{ width: 92 }}
                    value={choice.credit}
                    disabled={settled}
                    placeholder="0.00"
                    error={problem !== null}
                    helperText={problem ?? undefined}
                    onChange={(e) => onChoice(s.id, choose(choice, 'credit', e.target.value))}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'aria-label': `Credit ${name}` },
                      // The cell is narrow: the message takes its full width.
                      formHelperText: { sx: { mx: 0.5 } },
                    }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={choice.mode === 'adjustment'}
                    disabled={settled}
                    onChange={() => toggle(s, 'adjustment')}
                    slotProps={{ input: { 'aria-label': `Insurance Adjustment ${name}` } }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Checkbox
                    checked={choice.mode === 'writeOff'}
                    disabled={settled}
                    onChange={() => toggle(s, 'writeOff')}
                    slotProps={{ input: { 'aria-label': `Write Off ${name}` } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money(result.applied)}
                </TableCell>
                <TableCell align="right">
                  <Tooltip title="Update Original Amount">
                    <IconButton
                      size="small"
                      aria-label={`Update Original Amount ${name}`}
                      onClick={() => onEditOriginal(s)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {money(invoiceTotal)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {money(totals.balance)}
            </TableCell>
            <TableCell colSpan={5} />
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {money(totals.applied)}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
