import { type ChatImageType, chatImageTypesOf, composerWords, limits, type Shop } from '@balas/contracts';

/** Why a file cannot be sent as a picture, before it is uploaded (the server checks again). */
export function imageProblem(shop: Pick<Shop, 'providerName'>, file: File): string | null {
  if (!chatImageTypesOf(shop.providerName).includes(file.type as ChatImageType))
    return composerWords.imageWrongType(shop.providerName);
  if (file.size > limits.chatImageMaxBytes) return composerWords.imageTooLarge(file.size);
  return null;
}
