import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate } from 'react-router';
import { canSendClaims, type Era } from '@dme/shared';
import { Fact } from '@/components/Fact.tsx';
import { PageHeader } from '@/components/PageHeader.tsx';
import { PageLoading } from '@/components/PageLoading.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';
import { useIdParam } from '@/lib/use-id-param.ts';
import { useEra } from './api/get-era.ts';
import { EraClaimCard, type MatchTarget } from './EraClaimCard.tsx';
import { EraStatusChip } from './EraStatusChip.tsx';
import { displayDate, formatTimestamp, money } from './format.ts';
import { MatchDialog } from './MatchDialog.tsx';
import { ProviderAdjustments } from './ProviderAdjustments.tsx';
import { RevertButton } from './RevertButton.tsx';

function EraView({ era }: { era: Era }) {
  const claimsId = useId();
  const sender = canSendClaims(useSession().role_id);
  const [failure, setFailure] = useState<string | null>(null);
  const [matching, setMatching] = useState<MatchTarget | null>(null);
  const canMatch = sender && era.status === 'posted';
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            Remittance {era.check_number}
          </Typography>
          {sender ? (
            <Box sx={{ ml: 'auto' }}>
              <RevertButton era={era} onError={setFailure} />
            </Box>
          ) : null}
        </Stack>
        {failure ? (
          <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          <Fact label="Payer">{era.payer_name}</Fact>
          <Fact label="Payer id">{era.payer_id || '-'}</Fact>
          <Fact label="Check/EFT number">{era.check_number}</Fact>
          <Fact label="Check date">{displayDate(era.check_date)}</Fact>
          <Fact label="Method">{era.payment_method || '-'}</Fact>
          <Fact label="Total paid">{money(era.total_paid)}</Fact>
          <Fact label="Posted">{money(era.posted_total)}</Fact>
          <Fact label="Unmatched">{money(era.unmatched_total)}</Fact>
          <Fact label="Status">
            <EraStatusChip status={era.status} />
          </Fact>
          <Fact label="File">{era.file_name}</Fact>
          <Fact label="Received">{formatTimestamp(era.created)}</Fact>
          <Fact label="By">{era.user ?? '-'}</Fact>
        </Grid>
      </Paper>
      <ProviderAdjustments adjustments={era.provider_adjustments} />
      <Box component="section" aria-labelledby={claimsId}>
        <Typography id={claimsId} variant="h6" component="h2" sx={{ mb: 1 }}>
          Claims
        </Typography>
        <Stack spacing={2}>
          {era.claims.map((claim) => (
            <EraClaimCard key={claim.index} claim={claim} canMatch={canMatch} onMatch={setMatching} />
          ))}
          {era.claims.length === 0 ? (
            <Typography color="text.secondary">The remittance names no claim.</Typography>
          ) : null}
        </Stack>
      </Box>
      {matching ? <MatchDialog eraId={era.id} target={matching} onClose={() => setMatching(null)} /> : null}
    </Stack>
  );
}

function EraLoader({ id }: { id: number }) {
  const navigate = useNavigate();
  const era = useEra(id);
  useEffect(() => {
    if (era.isError) void navigate(paths.notFound, { replace: true });
  }, [era.isError, navigate]);
  if (!era.data) return <PageLoading />;
  return <EraView era={era.data} />;
}

/** /remittance-files/:id: one payment (835 transaction), its claims and lines and what each posted. */
export function EraDetail() {
  const id = useIdParam();
  return (
    <>
      <PageHeader
        title="Remittance File"
        breadcrumbs={[
          { label: 'Home', to: paths.home },
          { label: 'Remittance Files', to: paths.eras.list },
          { label: 'Remittance' },
        ]}
      />
      {id !== null ? <EraLoader id={id} /> : <Navigate to={paths.notFound} replace />}
    </>
  );
}
