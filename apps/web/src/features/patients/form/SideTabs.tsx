import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

export interface SideTab {
  label: string;
  content?: ReactNode;
  disabled?: boolean;
  /** A field of this tab has an error: the label turns red so it is found behind another tab. */
  error?: boolean;
  /** Keeps the panel mounted while hidden (form fields); other panels mount when opened. */
  keepMounted?: boolean;
}

interface SideTabsProps {
  label: string;
  tabs: SideTab[];
  value: number;
  onChange: (index: number) => void;
}

/** The tabbed right side of the patient forms. */
export function SideTabs({ label, tabs, value, onChange }: SideTabsProps) {
  const baseId = useId();
  return (
    <Paper variant="outlined" sx={{ height: '100%', minWidth: 0 }}>
      <Tabs
        value={value}
        onChange={(_event, next: number) => onChange(next)}
        aria-label={label}
        variant="scrollable"
        scrollButtons="auto"
        sx={{
          px: 1,
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 44,
          '& .MuiTab-root': { minHeight: 44, px: 1, minWidth: 0, fontSize: '0.8125rem' },
        }}
      >
        {tabs.map((tab, index) => (
          <Tab
            key={tab.label}
            label={tab.label}
            disabled={tab.disabled}
            id={`${baseId}-tab-${index}`}
            aria-controls={`${baseId}-panel-${index}`}
            sx={tab.error ? { color: 'error.main', '&.Mui-selected': { color: 'error.main' } } : undefined}
          />
        ))}
      </Tabs>
      {tabs.map((tab, index) =>
        tab.keepMounted || index === value ? (
          <Box
            key={tab.label}
            role="tabpanel"
            id={`${baseId}-panel-${index}`}
            aria-labelledby={`${baseId}-tab-${index}`}
            hidden={index !== value}
            sx={{ p: { xs: 2, sm: 2.5 } }}
          >
            {tab.content}
          </Box>
        ) : null,
      )}
    </Paper>
  );
}
