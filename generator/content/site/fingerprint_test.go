package site

import (
	"reflect"
	"testing"
	"time"
)

// Every field of the config reaches its fingerprint: a field it missed
// would leave pages remembered from before a change (package pipeline).
func TestFingerprintSeesEveryField(t *testing.T) {
	empty := (&Config{}).Fingerprint()
	// at reaches one field of a config, by its index path from Config.
	var walk func(name string, at []int, ty reflect.Type)
	walk = func(name string, at []int, ty reflect.Type) {
		if ty.Kind() == reflect.Struct {
			for _, f := range reflect.VisibleFields(ty) {
				if f.IsExported() {
					walk(name+"."+f.Name, append(append([]int(nil), at...), f.Index...), f.Type)
				}
			}
			return
		}
		c := &Config{}
		v := reflect.ValueOf(c).Elem()
		for _, i := range at {
			v = v.Field(i)
		}
		fill(v)
		if c.Fingerprint() == empty {
			t.Errorf("the fingerprint misses %s", name[1:])
		}
	}
	walk("", nil, reflect.TypeFor[Config]())
	if (&Config{launchAuto: true}).Fingerprint() == empty {
		t.Error("the fingerprint misses launchAuto")
	}
}

// fill gives v a value other than its zero.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Int:
		v.SetInt(7)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		if v.Type() == reflect.TypeFor[*time.Location]() {
			v.Set(reflect.ValueOf(time.FixedZone("X", 3600)))
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k)
		fill(e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	default:
		panic("fill: " + v.Kind().String())
	}
}
