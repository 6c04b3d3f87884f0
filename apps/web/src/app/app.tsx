import { AppBar, CssBaseline, Toolbar, Typography } from '@mui/material';

export function App() {
  return (
    <>
      <CssBaseline />
      <AppBar position="static" component="header">
        <Toolbar>
          <Typography variant="h6" component="h1">
            Forecourt
          </Typography>
        </Toolbar>
      </AppBar>
      <main />
    </>
  );
}
