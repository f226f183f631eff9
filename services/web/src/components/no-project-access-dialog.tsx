import { FormattedMessage } from 'react-intl';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';

/** A sub-admin without access to any project (spec point 6): 'Access Denied'. */
export function NoProjectAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <DialogRoot open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent role="alertdialog" data-testid="no-project-access">
          <DialogTitle>
            <FormattedMessage id="permissionDenied.title" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="permissionDenied.description" />
          </DialogDescription>
          <DialogActions>
            <Button onClick={onClose}>
              <FormattedMessage id="common.close" />
            </Button>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
