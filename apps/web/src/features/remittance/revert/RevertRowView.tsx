import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/KeyboardArrowDown';
import ExpandLessIcon from '@mui/icons-material/KeyboardArrowUp';
import { formatDisplayDate, formatMoney, type RemittancePayment, type RevertRow } from '@dme/shared';

const money = formatMoney;
/** Row placeholder height of the remittance tables (spec part 3 section 9). */
export const REMITTANCE_ROW_HEIGHT = 53;

interface RevertRowViewProps {
  row: RevertRow;
  onUnremit: (payment: RemittancePayment) => void;
}

/** One check; expanding it lists its payments, each with Unremit. */
export function RevertRowView({ row, onUnremit }: RevertRowViewProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <TableRow hover sx={{ height: REMITTANCE_ROW_HEIGHT, '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell>{row.check_number}</TableCell>
        <TableCell>{formatDisplayDate(row.check_date)}</TableCell>
        <TableCell align="right">{money(row.total_amount_check)}</TableCell>
        <TableCell>{row.vendor.name}</TableCell>
        <TableCell align="right">{money(row.total_amount_remmited)}</TableCell>
        <TableCell align="right">
          <Tooltip title={open ? 'Hide payments' : 'Show payments'}>
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} payments of check ${row.check_number}`}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          </Tooltip>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={6} sx={{ py: 0, bgcolor: open ? 'action.hover' : undefined }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box sx={{ py: 1.5, px: 1 }}>
              {row.remmitance_payments.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No payments left on this check.
                </Typography>
              ) : (
                <Table size="small" aria-label={`Payments of check ${row.check_number}`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Patient Name</TableCell>
                      <TableCell>Invoice Number</TableCell>
                      <TableCell>DOS</TableCell>
                      <TableCell align="right">Amount Applied</TableCell>
                      <TableCell align="right">Actions</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {row.remmitance_payments.map((p) => (
                      <TableRow key={p.id}>
                        <TableCell>{p.patient}</TableCell>
                        <TableCell>{p.invoice}</TableCell>
                        <TableCell>{p.date_of_service ? formatDisplayDate(p.date_of_service) : 0}</TableCell>
                        <TableCell align="right">{money(p.amount_applied)}</TableCell>
                        <TableCell align="right">
                          <Tooltip title="Unremit">
                            <IconButton
                              size="small"
                              color="error"
                              aria-label={`Unremit payment of ${p.patient}, invoice ${p.invoice}`}
                              onClick={() => onUnremit(p)}
                            >
                              <DeleteIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
