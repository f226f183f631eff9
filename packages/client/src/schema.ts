/* Generated from the OpenAPI document of /api/v1 by openapi-typescript: `npm run generate:client -w services/api`. Do not edit. */

export interface paths {
    "/api/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects, in the order of their last change
         * @description Scope `projects:read`. Cursor paging (`limit`, `cursor`) and `updatedSince`.
         */
        get: operations["listProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One project
         * @description Scope `projects:read`.
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products, in the order of their last change
         * @description Scope `products:read`. Cursor paging (`limit`, `cursor`); `updatedSince` returns products changed since then, deleted ones included (with `deletedAt`), for synchronisation.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Create a product with its GS1 entry (GTIN) and automatic links
         * @description Scope `products:write`. The GTIN must be of one of the company’s prefixes and free (409 otherwise); the plan’s product limit applies (403). Send `Idempotency-Key` to retry safely.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product, with its ETag
         * @description Scope `products:read`.
         */
        get: operations["getProduct"];
        /**
         * Replace a product’s description (its GTIN and project stay; images are kept)
         * @description Scope `products:write`. Fields left out take their defaults. With `If-Match: <ETag>` the update is refused with 412 when the product changed since.
         */
        put: operations["updateProduct"];
        post?: never;
        /**
         * Delete a product (its GTIN is free again; lists show it to `updatedSince` with `deletedAt`)
         * @description Scope `products:write`. With `If-Match`, 412 when the product changed since.
         */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/serials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a product’s serials, in the order of their last change
         * @description Scope `serials:read`. Cursor paging, `updatedSince` (registration or status change), `status`.
         */
        get: operations["listSerials"];
        put?: never;
        /**
         * Register serials of a product, all or none
         * @description Scope `serials:write`. Each serial follows the GS1 rules of AI 21; a serial already registered is 409 naming it, and nothing is stored. Send `Idempotency-Key` to retry safely.
         */
        post: operations["createSerials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/serials/{serialId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a serial’s lifecycle status (active, deactivated, blacklisted)
         * @description Scope `serials:write`. A reason is required to deactivate or blacklist.
         */
        put: operations["setSerialStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/passport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product’s passport: template, draft and published versions
         * @description Scope `passports:read`.
         */
        get: operations["getPassport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/passport/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save the passport’s draft and template
         * @description Scope `passports:publish`. The product must be on the DPP service (409). Any field error is a 400 and changes nothing.
         */
        put: operations["savePassportDraft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/passport/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish the draft as a new immutable version
         * @description Scope `passports:publish`. 400 with field errors when the draft lacks what a passport needs. Send `Idempotency-Key` to retry without publishing twice.
         */
        post: operations["publishPassport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/passport/credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A published passport version as a signed UNTP Digital Product Passport (W3C VC 2.0, VC-JOSE)
         * @description Scope `passports:read`. The compact JWS (`application/vc+jwt`) of the latest published version, or `version`; the same credential the public credential address answers, with its public fields. 404 without a published version.
         */
        get: operations["getPassportCredential"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a product’s batches, in the order of their last change
         * @description Scope `batches:read`. Cursor paging and `updatedSince`.
         */
        get: operations["listBatches"];
        put?: never;
        /**
         * Create a batch (lot) of a product
         * @description Scope `batches:write`. A lot number the product has already is 409. Send `Idempotency-Key` to retry safely.
         */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a batch and its links; its serials stay, in no batch
         * @description Scope `batches:write`.
         */
        delete: operations["deleteBatch"];
        options?: never;
        head?: never;
        /**
         * Change a batch’s lot number, dates or quantity
         * @description Scope `batches:write`. Fields left out keep their values; a lot number the product has already is 409.
         */
        patch: operations["updateBatch"];
        trace?: never;
    };
    "/api/v1/products/{productId}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The displayed links of a product (or of one of its serials), in their order
         * @description Scope `links:read`. A link set is bounded by the plan, so one answer holds it whole.
         */
        get: operations["listLinks"];
        put?: never;
        /**
         * Add a link to a product (or to one of its serials with `qualifierId`)
         * @description Scope `links:write`. The plan’s link limit applies (403); a second default of a type and language is 409. Send `Idempotency-Key` to retry safely.
         */
        post: operations["createLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a link from the product’s set (the others are renumbered)
         * @description Scope `links:write`.
         */
        delete: operations["deleteLink"];
        options?: never;
        head?: never;
        /**
         * Change a link of the product (or of one of its serials)
         * @description Scope `links:write`. Fields left out keep their values; `order` moves the link within its set; a second link of a type and language is 409.
         */
        patch: operations["updateLink"];
        trace?: never;
    };
    "/api/v1/products/{productId}/recalls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a product’s recalls, in the order of their last change (start or end)
         * @description Scope `recalls:read`. Cursor paging; `updatedSince` gives the recalls started or ended since then.
         */
        get: operations["listRecalls"];
        put?: never;
        /**
         * Start a recall of batches, a range of serials or the whole product
         * @description Scope `recalls:write`. From `startsAt` (default now) scans of affected codes answer with the recall notice; an EPCIS `recalled` event is recorded and the company’s users are notified. Send `Idempotency-Key` to retry safely.
         */
        post: operations["startRecall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recalls/{recallId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One recall, with the scans it answered
         * @description Scope `recalls:read`.
         */
        get: operations["getRecall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recalls/{recallId}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a recall now (affected codes resolve as before)
         * @description Scope `recalls:write`. Ending an ended recall changes nothing.
         */
        post: operations["endRecall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/places": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the company’s places, in the order of their last change
         * @description Scope `places:read`, a key for the whole company. Cursor paging and `updatedSince`.
         */
        get: operations["listPlaces"];
        put?: never;
        /**
         * Create a place (a GLN, with an extension for an SGLN)
         * @description Scope `places:write`, a key for the whole company. A GLN and extension the company has already is 409. Send `Idempotency-Key` to retry safely.
         */
        post: operations["createPlace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/places/{placeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One place
         * @description Scope `places:read`, a key for the whole company.
         */
        get: operations["getPlace"];
        /**
         * Replace a place’s fields
         * @description Scope `places:write`, a key for the whole company.
         */
        put: operations["updatePlace"];
        post?: never;
        /**
         * Delete a place (the places inside it move to the top)
         * @description Scope `places:write`, a key for the whole company.
         */
        delete: operations["deletePlace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product’s content blocks in display order
         * @description Scope `content:read`.
         */
        get: operations["getContent"];
        /**
         * Replace a product’s content blocks (one transaction)
         * @description Scope `content:write`. Text, title, HTML and footer blocks carry one input per language of the product (missing ones are filled from DEFAULT); link, video and image blocks one DEFAULT input. HTML is sanitised; one footer at most, always last.
         */
        put: operations["replaceContent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{productId}/design": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product’s design theme (the default one until saved)
         * @description Scope `content:read`.
         */
        get: operations["getDesign"];
        /**
         * Save a product’s design theme
         * @description Scope `content:write`. `logo.logoImage`: null or an image already stored for this product.
         */
        put: operations["saveDesign"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company’s webhooks, newest first, without their secrets
         * @description Scope `webhooks:read`, a key for the whole company. A company holds at most 20 webhooks: one page, `next` is null.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a destination to product-data events; the secret is in this answer only
         * @description Scope `webhooks:write`, a key for the whole company. The destination must be http(s) on a public address. Deliveries carry `webhook-id`, `webhook-timestamp` and `webhook-signature` (Standard Webhooks).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook
         * @description Scope `webhooks:read`.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook and its delivery log
         * @description Scope `webhooks:write`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook’s destination, description, events or enabled flag
         * @description Scope `webhooks:write`.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook’s secret; the new one is in this answer only
         * @description Scope `webhooks:write`. Deliveries are signed with the new secret from now on.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a `webhook.test` delivery to the destination
         * @description Scope `webhooks:write`. Answers the queued delivery; its outcome is in the console’s delivery log.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ProblemInput: {
            /** @description A URI naming the kind of problem */
            type: string;
            title: string;
            status: number;
            detail?: string;
            instance?: string;
            /** @description Field errors of a 400 */
            errors?: {
                /** @description The field, as a dotted path */
                pointer: string;
                detail: string;
            }[];
        };
        ProjectInput: {
            id: number;
            name: string;
            description: string;
            createdAt: string;
            updatedAt: string;
        };
        ProductInput: {
            id: number;
            projectId: number;
            /** @enum {string} */
            service: "DL" | "DPP";
            name: string;
            number: string;
            website: string;
            description: string;
            features: string;
            /** @description GTIN-14 (AI 01) */
            gtin: string;
            /** @description The GS1 Digital Link path of the product, /01/{gtin} */
            entryPath: string | null;
            /** @description The product’s GS1 Digital Link URI */
            digitalLink: string | null;
            createdAt: string;
            updatedAt: string;
            /** @description Set on deleted products, which lists show only to `updatedSince` (for synchronisation) */
            deletedAt: string | null;
        };
        ProductCreateInput: {
            project_id: number;
            /** @default 1 */
            category_id?: number;
            /** @default null */
            subcategoryId?: number | null;
            product_name: string;
            /** @default  */
            product_number?: string;
            /** @default  */
            product_website?: string | "";
            /** @default  */
            features?: string;
            /** @default  */
            description?: string;
            /** @default [] */
            certification?: number[];
            /** @default 0 */
            isNFC?: 0 | 1;
            /** @default  */
            details?: string;
            /** @default [] */
            dynamicInfo?: {
                label: string;
                value: string;
            }[];
            /** @default [] */
            options?: {
                name: string;
                value: string;
                /** @default null */
                image?: string | null;
            }[];
            /**
             * @default text
             * @enum {string}
             */
            careInfoType?: "text" | "image";
            /** @default  */
            careInfoText?: string;
            gtin: string;
            /**
             * @description DL (Digital Link) or DPP (with a passport)
             * @default DL
             * @enum {string}
             */
            service?: "DL" | "DPP";
        };
        ProductUpdateInput: {
            /** @default 1 */
            category_id?: number;
            /** @default null */
            subcategoryId?: number | null;
            product_name: string;
            /** @default  */
            product_number?: string;
            /** @default  */
            product_website?: string | "";
            /** @default  */
            features?: string;
            /** @default  */
            description?: string;
            /** @default [] */
            certification?: number[];
            /** @default 0 */
            isNFC?: 0 | 1;
            /** @default  */
            details?: string;
            /** @default [] */
            dynamicInfo?: {
                label: string;
                value: string;
            }[];
            /** @default [] */
            options?: {
                name: string;
                value: string;
                /** @default null */
                image?: string | null;
            }[];
            /**
             * @default text
             * @enum {string}
             */
            careInfoType?: "text" | "image";
            /** @default  */
            careInfoText?: string;
            /**
             * @description Unchanged when left out
             * @enum {string}
             */
            service?: "DL" | "DPP";
        };
        SerialInput: {
            id: number;
            serial: string;
            /** @description /21/{serial}, percent-encoded */
            path: string;
            /** @enum {string} */
            status: "active" | "deactivated" | "blacklisted";
            createdAt: string;
            updatedAt: string;
        };
        SerialsCreateInput: {
            /** @description Serial numbers (AI 21) to register, at most 1000; all or none are stored */
            serials: string[];
        };
        SerialStatusInput: {
            /** @enum {string} */
            status: "active" | "deactivated" | "blacklisted";
            /** @description Required to deactivate or blacklist */
            reason?: string;
        };
        PassportDraftInput: {
            /** @enum {string} */
            template: "core" | "battery";
            data: {
                /** @description Unique product identifier (e.g. the GS1 Digital Link URI) */
                uniqueProductIdentifier?: string;
                /**
                 * @description What the passport describes: a model, a batch or one item
                 * @enum {string}
                 */
                granularity?: "model" | "batch" | "item";
                gtin?: string;
                /** @description TARIC / HS commodity code */
                commodityCode?: string;
                manufacturer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                    /** @description Other operator identifier (VAT, registry number) when no GLN */
                    otherId?: string;
                };
                /** @description EU responsible economic operator */
                euResponsibleOperator?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                importer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                manufacturingFacilities?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                }[];
                complianceDocuments?: {
                    /** @enum {string} */
                    kind: "declarationOfConformity" | "testReport" | "other";
                    title: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath: string;
                }[];
                userManual?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                safetyInformation?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                /** @description Material composition, % of mass (sum at most 100) */
                materialComposition?: {
                    material: string;
                    /** @description Share of the product mass, % */
                    sharePercent: number;
                }[];
                substancesOfConcern?: {
                    name: string;
                    /** @description CAS registry number with check digit */
                    casNumber?: string;
                    /** @description Concentration, % w/w */
                    concentrationPercent: number;
                }[];
                /** @description Recycled content share, % */
                recycledContentPercent?: number;
                carbonFootprint?: {
                    /** @description Carbon footprint per unit, kg CO2e */
                    kgCo2ePerUnit: number;
                    /** @description Calculation method, e.g. ISO 14067 or PEF */
                    method: string;
                };
                durability?: {
                    /** @description Expected lifetime, years */
                    expectedLifetimeYears?: number;
                    /** @description Expected lifetime, cycles */
                    expectedLifetimeCycles?: number;
                };
                repairability?: {
                    /** @description Repairability score, 0–10 */
                    score?: number;
                    /** @description Spare parts availability, years */
                    sparePartsYears?: number;
                    repairInstructions?: string;
                };
                /** @description End-of-life and take-back instructions */
                endOfLife?: string;
                /** @description Battery template data (battery passports only) */
                battery?: {
                    generalProductInformation?: {
                        /**
                         * @description Battery category (portable, LMT, SLI, industrial, EV)
                         * @enum {string}
                         */
                        category?: "portable" | "lmt" | "sli" | "industrial" | "ev";
                        /** @description Cell chemistry, e.g. LFP, NMC811 */
                        chemistry?: string;
                        /** @description Battery weight, kg */
                        weightKg?: number;
                        /**
                         * Format: date
                         * @description Date (YYYY-MM-DD)
                         */
                        manufacturingDate?: string;
                        manufacturingPlace?: string;
                    };
                    carbonFootprint?: {
                        /** @description Carbon footprint, kg CO2e per kWh of total energy */
                        totalKgCo2ePerKWh?: number;
                        /** @description Carbon footprint per life-cycle stage, kg CO2e/kWh */
                        perStage?: {
                            [key: string]: number;
                        };
                    };
                    circularity?: {
                        /** @description Recycled content per critical raw material, % */
                        recycledContent?: {
                            [key: string]: number;
                        };
                        /** @description Renewable content, % */
                        renewableContentPercent?: number;
                        dismantlingInformation?: string;
                    };
                    materialComposition?: {
                        cathodeMaterials?: string[];
                        anodeMaterials?: string[];
                        electrolyteMaterials?: string[];
                        hazardousSubstances?: {
                            name: string;
                            /** @description CAS registry number with check digit */
                            casNumber?: string;
                            /** @description Concentration, % w/w */
                            concentrationPercent: number;
                        }[];
                    };
                };
            };
            /** @default {} */
            accessOverrides?: {
                [key: string]: "public" | "legitimateInterest" | "authority";
            };
        };
        PassportInput: {
            productId: number;
            /** @enum {string} */
            template: "core" | "battery";
            draft: {
                /** @description 0 for the draft, 1, 2, … for published versions */
                version: number;
                /** @enum {string} */
                status: "draft" | "published";
                publishedAt: string | null;
                /** @enum {string} */
                template?: "core" | "battery";
                data: {
                    /** @description Unique product identifier (e.g. the GS1 Digital Link URI) */
                    uniqueProductIdentifier?: string;
                    /**
                     * @description What the passport describes: a model, a batch or one item
                     * @enum {string}
                     */
                    granularity?: "model" | "batch" | "item";
                    gtin?: string;
                    /** @description TARIC / HS commodity code */
                    commodityCode?: string;
                    manufacturer?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description GS1 Global Location Number (13 digits with check digit) */
                        gln?: string;
                        /** @description Other operator identifier (VAT, registry number) when no GLN */
                        otherId?: string;
                    };
                    /** @description EU responsible economic operator */
                    euResponsibleOperator?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description Economic Operators Registration and Identification number */
                        eori?: string;
                    };
                    importer?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description Economic Operators Registration and Identification number */
                        eori?: string;
                    };
                    manufacturingFacilities?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description GS1 Global Location Number (13 digits with check digit) */
                        gln?: string;
                    }[];
                    complianceDocuments?: {
                        /** @enum {string} */
                        kind: "declarationOfConformity" | "testReport" | "other";
                        title: string;
                        /** @description Stored file path answered by POST /api/product/passport/document */
                        filePath: string;
                    }[];
                    userManual?: {
                        text?: string;
                        /** @description Stored file path answered by POST /api/product/passport/document */
                        filePath?: string;
                    };
                    safetyInformation?: {
                        text?: string;
                        /** @description Stored file path answered by POST /api/product/passport/document */
                        filePath?: string;
                    };
                    /** @description Material composition, % of mass (sum at most 100) */
                    materialComposition?: {
                        material: string;
                        /** @description Share of the product mass, % */
                        sharePercent: number;
                    }[];
                    substancesOfConcern?: {
                        name: string;
                        /** @description CAS registry number with check digit */
                        casNumber?: string;
                        /** @description Concentration, % w/w */
                        concentrationPercent: number;
                    }[];
                    /** @description Recycled content share, % */
                    recycledContentPercent?: number;
                    carbonFootprint?: {
                        /** @description Carbon footprint per unit, kg CO2e */
                        kgCo2ePerUnit: number;
                        /** @description Calculation method, e.g. ISO 14067 or PEF */
                        method: string;
                    };
                    durability?: {
                        /** @description Expected lifetime, years */
                        expectedLifetimeYears?: number;
                        /** @description Expected lifetime, cycles */
                        expectedLifetimeCycles?: number;
                    };
                    repairability?: {
                        /** @description Repairability score, 0–10 */
                        score?: number;
                        /** @description Spare parts availability, years */
                        sparePartsYears?: number;
                        repairInstructions?: string;
                    };
                    /** @description End-of-life and take-back instructions */
                    endOfLife?: string;
                    /** @description Battery template data (battery passports only) */
                    battery?: {
                        generalProductInformation?: {
                            /**
                             * @description Battery category (portable, LMT, SLI, industrial, EV)
                             * @enum {string}
                             */
                            category?: "portable" | "lmt" | "sli" | "industrial" | "ev";
                            /** @description Cell chemistry, e.g. LFP, NMC811 */
                            chemistry?: string;
                            /** @description Battery weight, kg */
                            weightKg?: number;
                            /**
                             * Format: date
                             * @description Date (YYYY-MM-DD)
                             */
                            manufacturingDate?: string;
                            manufacturingPlace?: string;
                        };
                        carbonFootprint?: {
                            /** @description Carbon footprint, kg CO2e per kWh of total energy */
                            totalKgCo2ePerKWh?: number;
                            /** @description Carbon footprint per life-cycle stage, kg CO2e/kWh */
                            perStage?: {
                                [key: string]: number;
                            };
                        };
                        circularity?: {
                            /** @description Recycled content per critical raw material, % */
                            recycledContent?: {
                                [key: string]: number;
                            };
                            /** @description Renewable content, % */
                            renewableContentPercent?: number;
                            dismantlingInformation?: string;
                        };
                        materialComposition?: {
                            cathodeMaterials?: string[];
                            anodeMaterials?: string[];
                            electrolyteMaterials?: string[];
                            hazardousSubstances?: {
                                name: string;
                                /** @description CAS registry number with check digit */
                                casNumber?: string;
                                /** @description Concentration, % w/w */
                                concentrationPercent: number;
                            }[];
                        };
                    };
                };
                accessOverrides: {
                    [key: string]: "public" | "legitimateInterest" | "authority";
                };
            } | null;
            versions: {
                /** @description 0 for the draft, 1, 2, … for published versions */
                version: number;
                /** @enum {string} */
                status: "draft" | "published";
                publishedAt: string | null;
            }[];
        };
        PassportVersionInput: {
            /** @description 0 for the draft, 1, 2, … for published versions */
            version: number;
            /** @enum {string} */
            status: "draft" | "published";
            publishedAt: string | null;
            /** @enum {string} */
            template?: "core" | "battery";
            data: {
                /** @description Unique product identifier (e.g. the GS1 Digital Link URI) */
                uniqueProductIdentifier?: string;
                /**
                 * @description What the passport describes: a model, a batch or one item
                 * @enum {string}
                 */
                granularity?: "model" | "batch" | "item";
                gtin?: string;
                /** @description TARIC / HS commodity code */
                commodityCode?: string;
                manufacturer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                    /** @description Other operator identifier (VAT, registry number) when no GLN */
                    otherId?: string;
                };
                /** @description EU responsible economic operator */
                euResponsibleOperator?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                importer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                manufacturingFacilities?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                }[];
                complianceDocuments?: {
                    /** @enum {string} */
                    kind: "declarationOfConformity" | "testReport" | "other";
                    title: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath: string;
                }[];
                userManual?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                safetyInformation?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                /** @description Material composition, % of mass (sum at most 100) */
                materialComposition?: {
                    material: string;
                    /** @description Share of the product mass, % */
                    sharePercent: number;
                }[];
                substancesOfConcern?: {
                    name: string;
                    /** @description CAS registry number with check digit */
                    casNumber?: string;
                    /** @description Concentration, % w/w */
                    concentrationPercent: number;
                }[];
                /** @description Recycled content share, % */
                recycledContentPercent?: number;
                carbonFootprint?: {
                    /** @description Carbon footprint per unit, kg CO2e */
                    kgCo2ePerUnit: number;
                    /** @description Calculation method, e.g. ISO 14067 or PEF */
                    method: string;
                };
                durability?: {
                    /** @description Expected lifetime, years */
                    expectedLifetimeYears?: number;
                    /** @description Expected lifetime, cycles */
                    expectedLifetimeCycles?: number;
                };
                repairability?: {
                    /** @description Repairability score, 0–10 */
                    score?: number;
                    /** @description Spare parts availability, years */
                    sparePartsYears?: number;
                    repairInstructions?: string;
                };
                /** @description End-of-life and take-back instructions */
                endOfLife?: string;
                /** @description Battery template data (battery passports only) */
                battery?: {
                    generalProductInformation?: {
                        /**
                         * @description Battery category (portable, LMT, SLI, industrial, EV)
                         * @enum {string}
                         */
                        category?: "portable" | "lmt" | "sli" | "industrial" | "ev";
                        /** @description Cell chemistry, e.g. LFP, NMC811 */
                        chemistry?: string;
                        /** @description Battery weight, kg */
                        weightKg?: number;
                        /**
                         * Format: date
                         * @description Date (YYYY-MM-DD)
                         */
                        manufacturingDate?: string;
                        manufacturingPlace?: string;
                    };
                    carbonFootprint?: {
                        /** @description Carbon footprint, kg CO2e per kWh of total energy */
                        totalKgCo2ePerKWh?: number;
                        /** @description Carbon footprint per life-cycle stage, kg CO2e/kWh */
                        perStage?: {
                            [key: string]: number;
                        };
                    };
                    circularity?: {
                        /** @description Recycled content per critical raw material, % */
                        recycledContent?: {
                            [key: string]: number;
                        };
                        /** @description Renewable content, % */
                        renewableContentPercent?: number;
                        dismantlingInformation?: string;
                    };
                    materialComposition?: {
                        cathodeMaterials?: string[];
                        anodeMaterials?: string[];
                        electrolyteMaterials?: string[];
                        hazardousSubstances?: {
                            name: string;
                            /** @description CAS registry number with check digit */
                            casNumber?: string;
                            /** @description Concentration, % w/w */
                            concentrationPercent: number;
                        }[];
                    };
                };
            };
            accessOverrides: {
                [key: string]: "public" | "legitimateInterest" | "authority";
            };
        };
        BatchInput: {
            batchId: number;
            productId: number;
            entryId: number;
            lot: string;
            batchPath: string;
            productionDate: string | null;
            expiryDate: string | null;
            bestBeforeDate: string | null;
            quantity: number | null;
            site: string | null;
            serials: number;
            links: number;
            createdAt: string;
            updatedAt: string;
        };
        BatchCreateInput: {
            /** @description AI 10: 1 to 20 characters of GS1 CSET 82 */
            lot: string;
            /** @description AI 11, YYYY-MM-DD */
            productionDate?: string | null;
            /** @description AI 17, YYYY-MM-DD */
            expiryDate?: string | null;
            /** @description AI 15, YYYY-MM-DD, where the category uses it */
            bestBeforeDate?: string | null;
            quantity?: number | null;
            /** @description production site, free text */
            site?: string | null;
        };
        BatchUpdateInput: {
            /** @description AI 10: 1 to 20 characters of GS1 CSET 82 */
            lot?: string;
            /** @description AI 11, YYYY-MM-DD */
            productionDate?: string | null;
            /** @description AI 17, YYYY-MM-DD */
            expiryDate?: string | null;
            /** @description AI 15, YYYY-MM-DD, where the category uses it */
            bestBeforeDate?: string | null;
            quantity?: number | null;
            /** @description production site, free text */
            site?: string | null;
        };
        LinkInput: {
            linkId: number;
            link_id: number;
            productId: number;
            entryId: number | null;
            qualifierId: number | null;
            order: number;
            display: boolean;
            contentType: string;
            context: string;
            isDefault: boolean;
            lang: string | null;
            linkType: string;
            targetUrl: string;
            title: string;
            title_eng: string;
            modifiedTitle: {
                languageCode: string;
                inputData: string;
            }[];
            /** @constant */
            group: 1;
            isAuto: boolean;
            isActive: boolean;
        };
        LinkCreateInput: {
            qualifierId?: number | null;
            /** @enum {string} */
            linkType: "gs1:dpp" | "gs1:pip" | "gs1:traceability" | "gs1:certificationInfo" | "gs1:homepage" | "gs1:smartLabel";
            /** Format: uri */
            targetUrl: string;
            /** @description empty: the default title of the link type */
            title?: string;
            /** @description empty: the default (English) title of the link type */
            title_eng?: string;
            modifiedTitle?: {
                languageCode: string;
                inputData: string;
            }[];
            lang?: string | null;
            isDefault?: boolean;
            /** @description media type of the target; default text/html */
            contentType?: string;
            context?: string;
        };
        LinkUpdateInput: {
            /** @enum {string} */
            linkType?: "gs1:dpp" | "gs1:pip" | "gs1:traceability" | "gs1:certificationInfo" | "gs1:homepage" | "gs1:smartLabel";
            /** Format: uri */
            targetUrl?: string;
            title?: string;
            title_eng?: string;
            modifiedTitle?: {
                languageCode: string;
                inputData: string;
            }[];
            lang?: string | null;
            isDefault?: boolean;
            isActive?: boolean;
            contentType?: string;
            context?: string;
            order?: number;
        };
        RecallInput: {
            recallId: number;
            productId: number;
            productName: string;
            /** @enum {string} */
            scope: "batches" | "serials" | "product";
            batches: {
                batchId: number | null;
                lot: string;
            }[];
            serialFrom: string | null;
            serialTo: string | null;
            reason: string;
            action: string;
            contact: string;
            startsAt: string;
            endedAt: string | null;
            /** @enum {string} */
            status: "scheduled" | "active" | "ended";
            createdAt: string;
            createdBy: string;
            scans: number;
        };
        RecallCreateInput: {
            /** @enum {string} */
            scope: "batches" | "serials" | "product";
            /** @description scope batches: the recalled batches of the product */
            batchIds?: number[];
            /** @description scope serials: the first serial of the range */
            serialFrom?: string;
            /** @description scope serials: the last serial of the range */
            serialTo?: string;
            reason: string;
            /** @description what the shopper should do */
            action: string;
            /** @description a phone number, address or web page for questions */
            contact: string;
            /**
             * Format: date-time
             * @description default: now
             */
            startsAt?: string;
        };
        PlaceInput: {
            placeId: number;
            identifier: string;
            gln: string | null;
            extension: string | null;
            name: string;
            /** @enum {string} */
            type: "site" | "warehouse" | "store" | "farm" | "factory" | "distribution_centre" | "dock" | "other";
            streetAddress: string | null;
            city: string | null;
            postalCode: string | null;
            region: string | null;
            countryCode: string | null;
            latitude: number | null;
            longitude: number | null;
            parentId: number | null;
            parentName: string | null;
            /** @enum {string} */
            origin: "console" | "capture";
            updatedAt: string;
        };
        PlaceWriteInput: {
            /** @description AI 414: 13 digits, the last its check digit */
            gln: string;
            extension?: string | null;
            name: string;
            /**
             * @default site
             * @enum {string}
             */
            type?: "site" | "warehouse" | "store" | "farm" | "factory" | "distribution_centre" | "dock" | "other";
            streetAddress?: string | null;
            city?: string | null;
            postalCode?: string | null;
            /** @description state, province or ISO 3166-2 subdivision */
            region?: string | null;
            /** @description ISO 3166-1 alpha-2 (KR, DE) */
            countryCode?: string | null;
            latitude?: number | null;
            longitude?: number | null;
            /** @description the place this one is inside (a dock inside a warehouse) */
            parentId?: number | null;
        };
        ContentBlockInput: {
            content_id: number;
            /** @enum {string} */
            type: "link" | "video" | "image" | "text" | "html" | "title" | "footer";
            order: number;
            inputs: {
                languageCode: string;
                inputData: string;
            }[];
            style: {
                /**
                 * @default left
                 * @enum {string}
                 */
                align?: "left" | "center" | "right";
                /**
                 * @default medium
                 * @enum {string}
                 */
                fontSize?: "small" | "medium" | "large";
                /**
                 * @default normal
                 * @enum {string}
                 */
                fontWeight?: "normal" | "bold";
                /**
                 * @default normal
                 * @enum {string}
                 */
                fontStyle?: "normal" | "italic";
                /**
                 * @default none
                 * @enum {string}
                 */
                textDecoration?: "none" | "underline" | "line-through";
                /** @default false */
                isTitle?: boolean;
                /** @default null */
                color?: string | null;
                /** @default null */
                backgroundColor?: string | null;
            };
            label: string;
            labels?: {
                languageCode: string;
                inputData: string;
            }[];
        };
        ContentWriteInput: {
            contents: {
                content_id?: number;
                /** @enum {string} */
                type: "link" | "video" | "image" | "text" | "html" | "title" | "footer";
                inputs: {
                    languageCode: string;
                    inputData: string;
                }[];
                /**
                 * @default {
                 *       "align": "left",
                 *       "fontSize": "medium",
                 *       "fontWeight": "normal",
                 *       "fontStyle": "normal",
                 *       "textDecoration": "none",
                 *       "isTitle": false,
                 *       "color": null,
                 *       "backgroundColor": null
                 *     }
                 */
                style?: {
                    /**
                     * @default left
                     * @enum {string}
                     */
                    align?: "left" | "center" | "right";
                    /**
                     * @default medium
                     * @enum {string}
                     */
                    fontSize?: "small" | "medium" | "large";
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    fontWeight?: "normal" | "bold";
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    fontStyle?: "normal" | "italic";
                    /**
                     * @default none
                     * @enum {string}
                     */
                    textDecoration?: "none" | "underline" | "line-through";
                    /** @default false */
                    isTitle?: boolean;
                    /** @default null */
                    color?: string | null;
                    /** @default null */
                    backgroundColor?: string | null;
                };
                /** @default  */
                label?: string;
                /** @default [] */
                labels?: {
                    languageCode: string;
                    inputData: string;
                }[];
            }[];
        };
        DesignInput: {
            /** @enum {string} */
            template: "basic_white_v1" | "basic_black_v1";
            /** @enum {string} */
            layoutStyle: "header" | "horizon";
            logo: {
                /** @enum {string} */
                logoType: "text" | "image";
                logoText: string;
                logoImage: string | null;
            };
            page: {
                background: string;
                textColor: string;
            };
            button: {
                /** @enum {string} */
                layout: "row" | "grid";
                color: string;
                textColor: string;
                iconColor: string;
                iconBgColor: string;
                showIcon: boolean;
            };
            isAutoTrans: boolean;
            defaultLang: string;
        };
        Problem: {
            /** @description A URI naming the kind of problem */
            type: string;
            title: string;
            status: number;
            detail?: string;
            instance?: string;
            /** @description Field errors of a 400 */
            errors?: {
                /** @description The field, as a dotted path */
                pointer: string;
                detail: string;
            }[];
        };
        Project: {
            id: number;
            name: string;
            description: string;
            createdAt: string;
            updatedAt: string;
        };
        Product: {
            id: number;
            projectId: number;
            /** @enum {string} */
            service: "DL" | "DPP";
            name: string;
            number: string;
            website: string;
            description: string;
            features: string;
            /** @description GTIN-14 (AI 01) */
            gtin: string;
            /** @description The GS1 Digital Link path of the product, /01/{gtin} */
            entryPath: string | null;
            /** @description The product’s GS1 Digital Link URI */
            digitalLink: string | null;
            createdAt: string;
            updatedAt: string;
            /** @description Set on deleted products, which lists show only to `updatedSince` (for synchronisation) */
            deletedAt: string | null;
        };
        ProductCreate: {
            project_id: number;
            /** @default 1 */
            category_id: number;
            /** @default null */
            subcategoryId: number | null;
            product_name: string;
            /** @default  */
            product_number: string;
            /** @default  */
            product_website: string | "";
            /** @default  */
            features: string;
            /** @default  */
            description: string;
            /** @default [] */
            certification: number[];
            /** @default 0 */
            isNFC: 0 | 1;
            /** @default  */
            details: string;
            /** @default [] */
            dynamicInfo: {
                label: string;
                value: string;
            }[];
            /** @default [] */
            options: {
                name: string;
                value: string;
                /** @default null */
                image: string | null;
            }[];
            /**
             * @default text
             * @enum {string}
             */
            careInfoType: "text" | "image";
            /** @default  */
            careInfoText: string;
            gtin: string;
            /**
             * @description DL (Digital Link) or DPP (with a passport)
             * @default DL
             * @enum {string}
             */
            service: "DL" | "DPP";
        };
        ProductUpdate: {
            /** @default 1 */
            category_id: number;
            /** @default null */
            subcategoryId: number | null;
            product_name: string;
            /** @default  */
            product_number: string;
            /** @default  */
            product_website: string | "";
            /** @default  */
            features: string;
            /** @default  */
            description: string;
            /** @default [] */
            certification: number[];
            /** @default 0 */
            isNFC: 0 | 1;
            /** @default  */
            details: string;
            /** @default [] */
            dynamicInfo: {
                label: string;
                value: string;
            }[];
            /** @default [] */
            options: {
                name: string;
                value: string;
                /** @default null */
                image: string | null;
            }[];
            /**
             * @default text
             * @enum {string}
             */
            careInfoType: "text" | "image";
            /** @default  */
            careInfoText: string;
            /**
             * @description Unchanged when left out
             * @enum {string}
             */
            service?: "DL" | "DPP";
        };
        Serial: {
            id: number;
            serial: string;
            /** @description /21/{serial}, percent-encoded */
            path: string;
            /** @enum {string} */
            status: "active" | "deactivated" | "blacklisted";
            createdAt: string;
            updatedAt: string;
        };
        SerialsCreate: {
            /** @description Serial numbers (AI 21) to register, at most 1000; all or none are stored */
            serials: string[];
        };
        SerialStatus: {
            /** @enum {string} */
            status: "active" | "deactivated" | "blacklisted";
            /** @description Required to deactivate or blacklist */
            reason?: string;
        };
        PassportDraft: {
            /** @enum {string} */
            template: "core" | "battery";
            data: {
                /** @description Unique product identifier (e.g. the GS1 Digital Link URI) */
                uniqueProductIdentifier?: string;
                /**
                 * @description What the passport describes: a model, a batch or one item
                 * @enum {string}
                 */
                granularity?: "model" | "batch" | "item";
                gtin?: string;
                /** @description TARIC / HS commodity code */
                commodityCode?: string;
                manufacturer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                    /** @description Other operator identifier (VAT, registry number) when no GLN */
                    otherId?: string;
                };
                /** @description EU responsible economic operator */
                euResponsibleOperator?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                importer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                manufacturingFacilities?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                }[];
                complianceDocuments?: {
                    /** @enum {string} */
                    kind: "declarationOfConformity" | "testReport" | "other";
                    title: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath: string;
                }[];
                userManual?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                safetyInformation?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                /** @description Material composition, % of mass (sum at most 100) */
                materialComposition?: {
                    material: string;
                    /** @description Share of the product mass, % */
                    sharePercent: number;
                }[];
                substancesOfConcern?: {
                    name: string;
                    /** @description CAS registry number with check digit */
                    casNumber?: string;
                    /** @description Concentration, % w/w */
                    concentrationPercent: number;
                }[];
                /** @description Recycled content share, % */
                recycledContentPercent?: number;
                carbonFootprint?: {
                    /** @description Carbon footprint per unit, kg CO2e */
                    kgCo2ePerUnit: number;
                    /** @description Calculation method, e.g. ISO 14067 or PEF */
                    method: string;
                };
                durability?: {
                    /** @description Expected lifetime, years */
                    expectedLifetimeYears?: number;
                    /** @description Expected lifetime, cycles */
                    expectedLifetimeCycles?: number;
                };
                repairability?: {
                    /** @description Repairability score, 0–10 */
                    score?: number;
                    /** @description Spare parts availability, years */
                    sparePartsYears?: number;
                    repairInstructions?: string;
                };
                /** @description End-of-life and take-back instructions */
                endOfLife?: string;
                /** @description Battery template data (battery passports only) */
                battery?: {
                    generalProductInformation?: {
                        /**
                         * @description Battery category (portable, LMT, SLI, industrial, EV)
                         * @enum {string}
                         */
                        category?: "portable" | "lmt" | "sli" | "industrial" | "ev";
                        /** @description Cell chemistry, e.g. LFP, NMC811 */
                        chemistry?: string;
                        /** @description Battery weight, kg */
                        weightKg?: number;
                        /**
                         * Format: date
                         * @description Date (YYYY-MM-DD)
                         */
                        manufacturingDate?: string;
                        manufacturingPlace?: string;
                    };
                    carbonFootprint?: {
                        /** @description Carbon footprint, kg CO2e per kWh of total energy */
                        totalKgCo2ePerKWh?: number;
                        /** @description Carbon footprint per life-cycle stage, kg CO2e/kWh */
                        perStage?: {
                            [key: string]: number;
                        };
                    };
                    circularity?: {
                        /** @description Recycled content per critical raw material, % */
                        recycledContent?: {
                            [key: string]: number;
                        };
                        /** @description Renewable content, % */
                        renewableContentPercent?: number;
                        dismantlingInformation?: string;
                    };
                    materialComposition?: {
                        cathodeMaterials?: string[];
                        anodeMaterials?: string[];
                        electrolyteMaterials?: string[];
                        hazardousSubstances?: {
                            name: string;
                            /** @description CAS registry number with check digit */
                            casNumber?: string;
                            /** @description Concentration, % w/w */
                            concentrationPercent: number;
                        }[];
                    };
                };
            };
            /** @default {} */
            accessOverrides: {
                [key: string]: "public" | "legitimateInterest" | "authority";
            };
        };
        Passport: {
            productId: number;
            /** @enum {string} */
            template: "core" | "battery";
            draft: {
                /** @description 0 for the draft, 1, 2, … for published versions */
                version: number;
                /** @enum {string} */
                status: "draft" | "published";
                publishedAt: string | null;
                /** @enum {string} */
                template?: "core" | "battery";
                data: {
                    /** @description Unique product identifier (e.g. the GS1 Digital Link URI) */
                    uniqueProductIdentifier?: string;
                    /**
                     * @description What the passport describes: a model, a batch or one item
                     * @enum {string}
                     */
                    granularity?: "model" | "batch" | "item";
                    gtin?: string;
                    /** @description TARIC / HS commodity code */
                    commodityCode?: string;
                    manufacturer?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description GS1 Global Location Number (13 digits with check digit) */
                        gln?: string;
                        /** @description Other operator identifier (VAT, registry number) when no GLN */
                        otherId?: string;
                    };
                    /** @description EU responsible economic operator */
                    euResponsibleOperator?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description Economic Operators Registration and Identification number */
                        eori?: string;
                    };
                    importer?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description Economic Operators Registration and Identification number */
                        eori?: string;
                    };
                    manufacturingFacilities?: {
                        name: string;
                        address?: {
                            street?: string;
                            postalCode?: string;
                            city?: string;
                            /** @description ISO 3166-1 alpha-2 */
                            country?: string;
                        };
                        /** @description GS1 Global Location Number (13 digits with check digit) */
                        gln?: string;
                    }[];
                    complianceDocuments?: {
                        /** @enum {string} */
                        kind: "declarationOfConformity" | "testReport" | "other";
                        title: string;
                        /** @description Stored file path answered by POST /api/product/passport/document */
                        filePath: string;
                    }[];
                    userManual?: {
                        text?: string;
                        /** @description Stored file path answered by POST /api/product/passport/document */
                        filePath?: string;
                    };
                    safetyInformation?: {
                        text?: string;
                        /** @description Stored file path answered by POST /api/product/passport/document */
                        filePath?: string;
                    };
                    /** @description Material composition, % of mass (sum at most 100) */
                    materialComposition?: {
                        material: string;
                        /** @description Share of the product mass, % */
                        sharePercent: number;
                    }[];
                    substancesOfConcern?: {
                        name: string;
                        /** @description CAS registry number with check digit */
                        casNumber?: string;
                        /** @description Concentration, % w/w */
                        concentrationPercent: number;
                    }[];
                    /** @description Recycled content share, % */
                    recycledContentPercent?: number;
                    carbonFootprint?: {
                        /** @description Carbon footprint per unit, kg CO2e */
                        kgCo2ePerUnit: number;
                        /** @description Calculation method, e.g. ISO 14067 or PEF */
                        method: string;
                    };
                    durability?: {
                        /** @description Expected lifetime, years */
                        expectedLifetimeYears?: number;
                        /** @description Expected lifetime, cycles */
                        expectedLifetimeCycles?: number;
                    };
                    repairability?: {
                        /** @description Repairability score, 0–10 */
                        score?: number;
                        /** @description Spare parts availability, years */
                        sparePartsYears?: number;
                        repairInstructions?: string;
                    };
                    /** @description End-of-life and take-back instructions */
                    endOfLife?: string;
                    /** @description Battery template data (battery passports only) */
                    battery?: {
                        generalProductInformation?: {
                            /**
                             * @description Battery category (portable, LMT, SLI, industrial, EV)
                             * @enum {string}
                             */
                            category?: "portable" | "lmt" | "sli" | "industrial" | "ev";
                            /** @description Cell chemistry, e.g. LFP, NMC811 */
                            chemistry?: string;
                            /** @description Battery weight, kg */
                            weightKg?: number;
                            /**
                             * Format: date
                             * @description Date (YYYY-MM-DD)
                             */
                            manufacturingDate?: string;
                            manufacturingPlace?: string;
                        };
                        carbonFootprint?: {
                            /** @description Carbon footprint, kg CO2e per kWh of total energy */
                            totalKgCo2ePerKWh?: number;
                            /** @description Carbon footprint per life-cycle stage, kg CO2e/kWh */
                            perStage?: {
                                [key: string]: number;
                            };
                        };
                        circularity?: {
                            /** @description Recycled content per critical raw material, % */
                            recycledContent?: {
                                [key: string]: number;
                            };
                            /** @description Renewable content, % */
                            renewableContentPercent?: number;
                            dismantlingInformation?: string;
                        };
                        materialComposition?: {
                            cathodeMaterials?: string[];
                            anodeMaterials?: string[];
                            electrolyteMaterials?: string[];
                            hazardousSubstances?: {
                                name: string;
                                /** @description CAS registry number with check digit */
                                casNumber?: string;
                                /** @description Concentration, % w/w */
                                concentrationPercent: number;
                            }[];
                        };
                    };
                };
                accessOverrides: {
                    [key: string]: "public" | "legitimateInterest" | "authority";
                };
            } | null;
            versions: {
                /** @description 0 for the draft, 1, 2, … for published versions */
                version: number;
                /** @enum {string} */
                status: "draft" | "published";
                publishedAt: string | null;
            }[];
        };
        PassportVersion: {
            /** @description 0 for the draft, 1, 2, … for published versions */
            version: number;
            /** @enum {string} */
            status: "draft" | "published";
            publishedAt: string | null;
            /** @enum {string} */
            template?: "core" | "battery";
            data: {
                /** @description Unique product identifier (e.g. the GS1 Digital Link URI) */
                uniqueProductIdentifier?: string;
                /**
                 * @description What the passport describes: a model, a batch or one item
                 * @enum {string}
                 */
                granularity?: "model" | "batch" | "item";
                gtin?: string;
                /** @description TARIC / HS commodity code */
                commodityCode?: string;
                manufacturer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                    /** @description Other operator identifier (VAT, registry number) when no GLN */
                    otherId?: string;
                };
                /** @description EU responsible economic operator */
                euResponsibleOperator?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                importer?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description Economic Operators Registration and Identification number */
                    eori?: string;
                };
                manufacturingFacilities?: {
                    name: string;
                    address?: {
                        street?: string;
                        postalCode?: string;
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 */
                        country?: string;
                    };
                    /** @description GS1 Global Location Number (13 digits with check digit) */
                    gln?: string;
                }[];
                complianceDocuments?: {
                    /** @enum {string} */
                    kind: "declarationOfConformity" | "testReport" | "other";
                    title: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath: string;
                }[];
                userManual?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                safetyInformation?: {
                    text?: string;
                    /** @description Stored file path answered by POST /api/product/passport/document */
                    filePath?: string;
                };
                /** @description Material composition, % of mass (sum at most 100) */
                materialComposition?: {
                    material: string;
                    /** @description Share of the product mass, % */
                    sharePercent: number;
                }[];
                substancesOfConcern?: {
                    name: string;
                    /** @description CAS registry number with check digit */
                    casNumber?: string;
                    /** @description Concentration, % w/w */
                    concentrationPercent: number;
                }[];
                /** @description Recycled content share, % */
                recycledContentPercent?: number;
                carbonFootprint?: {
                    /** @description Carbon footprint per unit, kg CO2e */
                    kgCo2ePerUnit: number;
                    /** @description Calculation method, e.g. ISO 14067 or PEF */
                    method: string;
                };
                durability?: {
                    /** @description Expected lifetime, years */
                    expectedLifetimeYears?: number;
                    /** @description Expected lifetime, cycles */
                    expectedLifetimeCycles?: number;
                };
                repairability?: {
                    /** @description Repairability score, 0–10 */
                    score?: number;
                    /** @description Spare parts availability, years */
                    sparePartsYears?: number;
                    repairInstructions?: string;
                };
                /** @description End-of-life and take-back instructions */
                endOfLife?: string;
                /** @description Battery template data (battery passports only) */
                battery?: {
                    generalProductInformation?: {
                        /**
                         * @description Battery category (portable, LMT, SLI, industrial, EV)
                         * @enum {string}
                         */
                        category?: "portable" | "lmt" | "sli" | "industrial" | "ev";
                        /** @description Cell chemistry, e.g. LFP, NMC811 */
                        chemistry?: string;
                        /** @description Battery weight, kg */
                        weightKg?: number;
                        /**
                         * Format: date
                         * @description Date (YYYY-MM-DD)
                         */
                        manufacturingDate?: string;
                        manufacturingPlace?: string;
                    };
                    carbonFootprint?: {
                        /** @description Carbon footprint, kg CO2e per kWh of total energy */
                        totalKgCo2ePerKWh?: number;
                        /** @description Carbon footprint per life-cycle stage, kg CO2e/kWh */
                        perStage?: {
                            [key: string]: number;
                        };
                    };
                    circularity?: {
                        /** @description Recycled content per critical raw material, % */
                        recycledContent?: {
                            [key: string]: number;
                        };
                        /** @description Renewable content, % */
                        renewableContentPercent?: number;
                        dismantlingInformation?: string;
                    };
                    materialComposition?: {
                        cathodeMaterials?: string[];
                        anodeMaterials?: string[];
                        electrolyteMaterials?: string[];
                        hazardousSubstances?: {
                            name: string;
                            /** @description CAS registry number with check digit */
                            casNumber?: string;
                            /** @description Concentration, % w/w */
                            concentrationPercent: number;
                        }[];
                    };
                };
            };
            accessOverrides: {
                [key: string]: "public" | "legitimateInterest" | "authority";
            };
        };
        Batch: {
            batchId: number;
            productId: number;
            entryId: number;
            lot: string;
            batchPath: string;
            productionDate: string | null;
            expiryDate: string | null;
            bestBeforeDate: string | null;
            quantity: number | null;
            site: string | null;
            serials: number;
            links: number;
            createdAt: string;
            updatedAt: string;
        };
        BatchCreate: {
            /** @description AI 10: 1 to 20 characters of GS1 CSET 82 */
            lot: string;
            /** @description AI 11, YYYY-MM-DD */
            productionDate?: string | null;
            /** @description AI 17, YYYY-MM-DD */
            expiryDate?: string | null;
            /** @description AI 15, YYYY-MM-DD, where the category uses it */
            bestBeforeDate?: string | null;
            quantity?: number | null;
            /** @description production site, free text */
            site?: string | null;
        };
        BatchUpdate: {
            /** @description AI 10: 1 to 20 characters of GS1 CSET 82 */
            lot?: string;
            /** @description AI 11, YYYY-MM-DD */
            productionDate?: string | null;
            /** @description AI 17, YYYY-MM-DD */
            expiryDate?: string | null;
            /** @description AI 15, YYYY-MM-DD, where the category uses it */
            bestBeforeDate?: string | null;
            quantity?: number | null;
            /** @description production site, free text */
            site?: string | null;
        };
        Link: {
            linkId: number;
            link_id: number;
            productId: number;
            entryId: number | null;
            qualifierId: number | null;
            order: number;
            display: boolean;
            contentType: string;
            context: string;
            isDefault: boolean;
            lang: string | null;
            linkType: string;
            targetUrl: string;
            title: string;
            title_eng: string;
            modifiedTitle: {
                languageCode: string;
                inputData: string;
            }[];
            /** @constant */
            group: 1;
            isAuto: boolean;
            isActive: boolean;
        };
        LinkCreate: {
            qualifierId?: number | null;
            /** @enum {string} */
            linkType: "gs1:dpp" | "gs1:pip" | "gs1:traceability" | "gs1:certificationInfo" | "gs1:homepage" | "gs1:smartLabel";
            /** Format: uri */
            targetUrl: string;
            /** @description empty: the default title of the link type */
            title?: string;
            /** @description empty: the default (English) title of the link type */
            title_eng?: string;
            modifiedTitle?: {
                languageCode: string;
                inputData: string;
            }[];
            lang?: string | null;
            isDefault?: boolean;
            /** @description media type of the target; default text/html */
            contentType?: string;
            context?: string;
        };
        LinkUpdate: {
            /** @enum {string} */
            linkType?: "gs1:dpp" | "gs1:pip" | "gs1:traceability" | "gs1:certificationInfo" | "gs1:homepage" | "gs1:smartLabel";
            /** Format: uri */
            targetUrl?: string;
            title?: string;
            title_eng?: string;
            modifiedTitle?: {
                languageCode: string;
                inputData: string;
            }[];
            lang?: string | null;
            isDefault?: boolean;
            isActive?: boolean;
            contentType?: string;
            context?: string;
            order?: number;
        };
        Recall: {
            recallId: number;
            productId: number;
            productName: string;
            /** @enum {string} */
            scope: "batches" | "serials" | "product";
            batches: {
                batchId: number | null;
                lot: string;
            }[];
            serialFrom: string | null;
            serialTo: string | null;
            reason: string;
            action: string;
            contact: string;
            startsAt: string;
            endedAt: string | null;
            /** @enum {string} */
            status: "scheduled" | "active" | "ended";
            createdAt: string;
            createdBy: string;
            scans: number;
        };
        RecallCreate: {
            /** @enum {string} */
            scope: "batches" | "serials" | "product";
            /** @description scope batches: the recalled batches of the product */
            batchIds?: number[];
            /** @description scope serials: the first serial of the range */
            serialFrom?: string;
            /** @description scope serials: the last serial of the range */
            serialTo?: string;
            reason: string;
            /** @description what the shopper should do */
            action: string;
            /** @description a phone number, address or web page for questions */
            contact: string;
            /**
             * Format: date-time
             * @description default: now
             */
            startsAt?: string;
        };
        Place: {
            placeId: number;
            identifier: string;
            gln: string | null;
            extension: string | null;
            name: string;
            /** @enum {string} */
            type: "site" | "warehouse" | "store" | "farm" | "factory" | "distribution_centre" | "dock" | "other";
            streetAddress: string | null;
            city: string | null;
            postalCode: string | null;
            region: string | null;
            countryCode: string | null;
            latitude: number | null;
            longitude: number | null;
            parentId: number | null;
            parentName: string | null;
            /** @enum {string} */
            origin: "console" | "capture";
            updatedAt: string;
        };
        PlaceWrite: {
            /** @description AI 414: 13 digits, the last its check digit */
            gln: string;
            extension?: string | null;
            name: string;
            /**
             * @default site
             * @enum {string}
             */
            type: "site" | "warehouse" | "store" | "farm" | "factory" | "distribution_centre" | "dock" | "other";
            streetAddress?: string | null;
            city?: string | null;
            postalCode?: string | null;
            /** @description state, province or ISO 3166-2 subdivision */
            region?: string | null;
            /** @description ISO 3166-1 alpha-2 (KR, DE) */
            countryCode?: string | null;
            latitude?: number | null;
            longitude?: number | null;
            /** @description the place this one is inside (a dock inside a warehouse) */
            parentId?: number | null;
        };
        ContentBlock: {
            content_id: number;
            /** @enum {string} */
            type: "link" | "video" | "image" | "text" | "html" | "title" | "footer";
            order: number;
            inputs: {
                languageCode: string;
                inputData: string;
            }[];
            style: {
                /**
                 * @default left
                 * @enum {string}
                 */
                align: "left" | "center" | "right";
                /**
                 * @default medium
                 * @enum {string}
                 */
                fontSize: "small" | "medium" | "large";
                /**
                 * @default normal
                 * @enum {string}
                 */
                fontWeight: "normal" | "bold";
                /**
                 * @default normal
                 * @enum {string}
                 */
                fontStyle: "normal" | "italic";
                /**
                 * @default none
                 * @enum {string}
                 */
                textDecoration: "none" | "underline" | "line-through";
                /** @default false */
                isTitle: boolean;
                /** @default null */
                color: string | null;
                /** @default null */
                backgroundColor: string | null;
            };
            label: string;
            labels?: {
                languageCode: string;
                inputData: string;
            }[];
        };
        ContentWrite: {
            contents: {
                content_id?: number;
                /** @enum {string} */
                type: "link" | "video" | "image" | "text" | "html" | "title" | "footer";
                inputs: {
                    languageCode: string;
                    inputData: string;
                }[];
                /**
                 * @default {
                 *       "align": "left",
                 *       "fontSize": "medium",
                 *       "fontWeight": "normal",
                 *       "fontStyle": "normal",
                 *       "textDecoration": "none",
                 *       "isTitle": false,
                 *       "color": null,
                 *       "backgroundColor": null
                 *     }
                 */
                style: {
                    /**
                     * @default left
                     * @enum {string}
                     */
                    align: "left" | "center" | "right";
                    /**
                     * @default medium
                     * @enum {string}
                     */
                    fontSize: "small" | "medium" | "large";
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    fontWeight: "normal" | "bold";
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    fontStyle: "normal" | "italic";
                    /**
                     * @default none
                     * @enum {string}
                     */
                    textDecoration: "none" | "underline" | "line-through";
                    /** @default false */
                    isTitle: boolean;
                    /** @default null */
                    color: string | null;
                    /** @default null */
                    backgroundColor: string | null;
                };
                /** @default  */
                label: string;
                /** @default [] */
                labels: {
                    languageCode: string;
                    inputData: string;
                }[];
            }[];
        };
        Design: {
            /** @enum {string} */
            template: "basic_white_v1" | "basic_black_v1";
            /** @enum {string} */
            layoutStyle: "header" | "horizon";
            logo: {
                /** @enum {string} */
                logoType: "text" | "image";
                logoText: string;
                logoImage: string | null;
            };
            page: {
                background: string;
                textColor: string;
            };
            button: {
                /** @enum {string} */
                layout: "row" | "grid";
                color: string;
                textColor: string;
                iconColor: string;
                iconBgColor: string;
                showIcon: boolean;
            };
            isAutoTrans: boolean;
            defaultLang: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listProjects: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The `next` cursor of the previous page */
                cursor?: string;
                /** @description Only items changed at or after this time (RFC 3339), for synchronisation */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"][];
                        /** @description Cursor of the next page, null on the last one */
                        next: string | null;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The `next` cursor of the previous page */
                cursor?: string;
                /** @description Only items changed at or after this time (RFC 3339), for synchronisation */
                updatedSince?: string;
                projectId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Product"][];
                        /** @description Cursor of the next page, null on the last one */
                        next: string | null;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductCreateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductUpdateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description If-Match names an ETag that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description If-Match names an ETag that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSerials: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The `next` cursor of the previous page */
                cursor?: string;
                /** @description Only items changed at or after this time (RFC 3339), for synchronisation */
                updatedSince?: string;
                status?: "active" | "deactivated" | "blacklisted";
            };
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Serial"][];
                        /** @description Cursor of the next page, null on the last one */
                        next: string | null;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSerials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SerialsCreateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Serial"][];
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setSerialStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
                serialId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SerialStatusInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Serial"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPassport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passport"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    savePassportDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PassportDraftInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passport"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishPassport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PassportVersion"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPassportCredential: {
        parameters: {
            query?: {
                /** @description A published version; default the latest */
                version?: number;
                /** @description A batch passport’s subject is this batch */
                lot?: string;
                /** @description An item passport’s subject is this serial */
                serial?: string;
            };
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The compact JWS (application/vc+jwt) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBatches: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The `next` cursor of the previous page */
                cursor?: string;
                /** @description Only items changed at or after this time (RFC 3339), for synchronisation */
                updatedSince?: string;
            };
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Batch"][];
                        /** @description Cursor of the next page, null on the last one */
                        next: string | null;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchCreateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
                batchId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
                batchId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchUpdateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLinks: {
        parameters: {
            query?: {
                /** @description The links of this serial instead of the product’s */
                qualifierId?: number;
            };
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Link"][];
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkCreateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
                linkId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
                linkId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkUpdateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listRecalls: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The `next` cursor of the previous page */
                cursor?: string;
                /** @description Only items changed at or after this time (RFC 3339), for synchronisation */
                updatedSince?: string;
            };
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Recall"][];
                        /** @description Cursor of the next page, null on the last one */
                        next: string | null;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startRecall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecallCreateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recall"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRecall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                recallId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recall"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    endRecall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                recallId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Recall"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPlaces: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The `next` cursor of the previous page */
                cursor?: string;
                /** @description Only items changed at or after this time (RFC 3339), for synchronisation */
                updatedSince?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Place"][];
                        /** @description Cursor of the next page, null on the last one */
                        next: string | null;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPlace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceWriteInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Place"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPlace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                placeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Place"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updatePlace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                placeId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceWriteInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Place"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deletePlace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                placeId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContentBlock"][];
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContentWriteInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContentBlock"][];
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDesign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Design"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    saveDesign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                productId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DesignInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Design"];
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            webhookId: string;
                            url: string;
                            description: string;
                            eventTypes: ("product.created" | "product.updated" | "product.deleted" | "serial.statusChanged" | "passport.published" | "batch.recalled" | "serial.suspicious" | "report.received")[];
                            enabled: boolean;
                            createdAt: string;
                            secretCreatedAt: string;
                            deadDeliveries: number;
                        }[];
                        /** @description Cursor of the next page, null on the last one */
                        next: string | null;
                    };
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    /** @default  */
                    description?: string;
                    eventTypes: ("product.created" | "product.updated" | "product.deleted" | "serial.statusChanged" | "passport.published" | "batch.recalled" | "serial.suspicious" | "report.received")[];
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        webhookId: string;
                        url: string;
                        description: string;
                        eventTypes: ("product.created" | "product.updated" | "product.deleted" | "serial.statusChanged" | "passport.published" | "batch.recalled" | "serial.suspicious" | "report.received")[];
                        enabled: boolean;
                        createdAt: string;
                        secretCreatedAt: string;
                        deadDeliveries: number;
                        secret: string;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        webhookId: string;
                        url: string;
                        description: string;
                        eventTypes: ("product.created" | "product.updated" | "product.deleted" | "serial.statusChanged" | "passport.published" | "batch.recalled" | "serial.suspicious" | "report.received")[];
                        enabled: boolean;
                        createdAt: string;
                        secretCreatedAt: string;
                        deadDeliveries: number;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    description?: string;
                    eventTypes?: ("product.created" | "product.updated" | "product.deleted" | "serial.statusChanged" | "passport.published" | "batch.recalled" | "serial.suspicious" | "report.received")[];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        webhookId: string;
                        url: string;
                        description: string;
                        eventTypes: ("product.created" | "product.updated" | "product.deleted" | "serial.statusChanged" | "passport.published" | "batch.recalled" | "serial.suspicious" | "report.received")[];
                        enabled: boolean;
                        createdAt: string;
                        secretCreatedAt: string;
                        deadDeliveries: number;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        webhookId: string;
                        url: string;
                        description: string;
                        eventTypes: ("product.created" | "product.updated" | "product.deleted" | "serial.statusChanged" | "passport.published" | "batch.recalled" | "serial.suspicious" | "report.received")[];
                        enabled: boolean;
                        createdAt: string;
                        secretCreatedAt: string;
                        deadDeliveries: number;
                        secret: string;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        deliveryId: string;
                        /** Format: uuid */
                        webhookId: string;
                        messageId: string;
                        eventType: string;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "dead";
                        attempts: number;
                        responseStatus: number | null;
                        error: string | null;
                        createdAt: string;
                        lastAttemptAt: string | null;
                        deliveredAt: string | null;
                    };
                };
            };
            /** @description Invalid input: `errors` lists each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No API key, or one unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key lacks the scope, or the plan does not allow it */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found (or not reachable with this key) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
