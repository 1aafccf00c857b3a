import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';

interface Props {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/** `fallback` in place of children that threw while rendering, until the visitor goes to another address. */
export function LocationErrorBoundary(props: Props) {
  return <ErrorCatcher {...props} location={useLocation()} />;
}

interface CatcherState {
  location: Location;
  caught: { error: unknown } | null;
}

class ErrorCatcher extends Component<Props & { location: Location }, CatcherState> {
  override state: CatcherState = { location: this.props.location, caught: null };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: CatcherState): Partial<CatcherState> | null {
    return props.location === state.location ? null : { location: props.location, caught: null };
  }

  override render() {
    return this.state.caught ? this.props.fallback(this.state.caught.error) : this.props.children;
  }
}
