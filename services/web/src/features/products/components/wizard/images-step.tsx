import { useIntl } from 'react-intl';
import { FieldError } from '@/components/ui/form-controls';
import { DropZone } from '@/components/ui/drop-zone';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES, fileUrl } from '@/lib/files';
import { PRODUCT_IMAGE_MAX, imageCount } from '@/features/products/components/product-form-model';
import { defineStep, useWizard } from '@/features/products/components/wizard/wizard-context';

/** The product's images: the stored ones kept (edit) and new files; a product has at least one. */
function ImagesStep() {
  const intl = useIntl();
  const { files, setFiles, problemOf, clearProblem } = useWizard();
  const problem = problemOf('images');
  return (
    <>
      <DropZone
        label={intl.formatMessage({ id: 'products.field.images' })}
        testId="product-images-input"
        accept={IMAGE_TYPES}
        maxBytes={UPLOAD_MAX_BYTES}
        multiple
        max={PRODUCT_IMAGE_MAX}
        hint={intl.formatMessage({ id: 'products.images.hint' }, { max: PRODUCT_IMAGE_MAX })}
        stored={files.retainedImages.map((path, index) => ({
          key: path,
          src: fileUrl(path),
          alt: intl.formatMessage({ id: 'products.images.stored' }, { index: index + 1 }),
        }))}
        onRemoveStored={(path) => setFiles((current) => ({ ...current, retainedImages: current.retainedImages.filter((item) => item !== path) }))}
        files={files.productImages}
        onChange={(list) => {
          clearProblem('images');
          setFiles((current) => ({ ...current, productImages: list }));
        }}
      />
      {problem ? (
        <FieldError role="alert" data-testid="images-required">
          {intl.formatMessage({ id: problem })}
        </FieldError>
      ) : null}
    </>
  );
}

export const imagesStep = defineStep({
  id: 'images',
  label: 'wizard.step.images',
  fields: [],
  checkFiles: (files) => (imageCount(files) === 0 ? 'products.images.required' : null),
  Component: ImagesStep,
});
