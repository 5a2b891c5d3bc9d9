import LinearProgress from '@mui/material/LinearProgress';
import { useNavigation } from 'react-router-dom';

/**
 * A thin bar across the top of the screen while the router loads the next page (its code): the old
 * page stays on screen until the new one can render, and this says that something is on its way.
 */
export const RouteProgress = () => {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-label="Loading the page"
      data-testid="route-progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
};
