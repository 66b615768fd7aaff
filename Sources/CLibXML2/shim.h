// The libxml2 headers gamepack uses, for Swift (system library target `CLibXML2`).
//
// libxml2 built with ICU support defines LIBXML_ICU_ENABLED in xmlversion.h, and then
// encoding.h includes <unicode/ucnv.h>: the system ICU's UErrorCode clashes with the copy of
// ICU inside Foundation (FoundationInternationalization) and the build fails. gamepack never
// uses libxml2's ICU converters, so the flag is cleared before any other libxml2 header is read.
// (It drops the two ICU converter fields from Swift's view of xmlCharEncodingHandler, a struct
// gamepack never touches.)
#ifndef GAMEPACK_CLIBXML2_SHIM_H
#define GAMEPACK_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlsave.h>

#endif
